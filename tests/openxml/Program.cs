// Validates every .docx under the given folders (or the given files) with the Open XML SDK's
// OpenXmlValidator against FileFormatVersions.Microsoft365, and prints JSON Lines on stdout:
//   {"kind":"error","file":…,"part":…,"xpath":…,"id":…,"errorType":…,"element":…,"description":…}
//   {"kind":"document","file":…,"features":["standalone","table",…]}   (after the file's errors)
//   {"kind":"summary","files":N,"errors":M,"ms":T}          (always the last line)
// The features say which kinds of output a document holds (Features.cs), so a run can show that every
// kind was validated.
// A package the SDK cannot open is one error with id "Package.Open". Exit code: 0 when every file is
// valid, 1 when any error was printed, 2 on bad usage. Files are read in sorted order and their errors
// printed in that order, whatever order the parallel validation finished in.

using System.Collections.Concurrent;
using System.Diagnostics;
using System.Text.Encodings.Web;
using System.Text.Json;
using DocumentFormat.OpenXml;
using DocumentFormat.OpenXml.Packaging;
using DocumentFormat.OpenXml.Validation;

if (args.Length == 0)
{
    Console.Error.WriteLine("usage: OpenXmlCheck FOLDER|FILE.docx …");
    return 2;
}

var files = new List<string>();
foreach (var arg in args)
{
    if (Directory.Exists(arg))
        files.AddRange(Directory.EnumerateFiles(arg, "*.docx", SearchOption.AllDirectories));
    else if (File.Exists(arg))
        files.Add(arg);
    else
    {
        Console.Error.WriteLine($"not a file or folder: {arg}");
        return 2;
    }
}
files.Sort(StringComparer.Ordinal);

var clock = Stopwatch.StartNew();
var found = new ConcurrentDictionary<int, (List<Finding> Errors, DocumentLine Document)>();
Parallel.For(0, files.Count, i => found[i] = Validate(files[i]));

using var stdout = Console.OpenStandardOutput();
var total = 0;
for (var i = 0; i < files.Count; i++)
{
    var (errors, document) = found[i];
    foreach (var finding in errors)
    {
        WriteLine(stdout, finding);
        total++;
    }
    WriteLine(stdout, document);
}
WriteLine(stdout, new Summary("summary", files.Count, total, clock.ElapsedMilliseconds));
return total == 0 ? 0 : 1;

static (List<Finding>, DocumentLine) Validate(string file)
{
    var findings = new List<Finding>();
    var features = new List<string>();
    try
    {
        using var document = WordprocessingDocument.Open(file, false);
        features = Features.Of(document);
        // MaxNumberOfErrors 0: every error, not the first 1,000.
        var validator = new OpenXmlValidator(FileFormatVersions.Microsoft365) { MaxNumberOfErrors = 0 };
        foreach (var e in validator.Validate(document))
        {
            findings.Add(new Finding(
                "error",
                file,
                e.Part?.Uri.ToString() ?? "",
                e.Path?.XPath ?? "",
                e.Id ?? "",
                e.ErrorType.ToString(),
                e.Node is { } node ? $"{node.Prefix}:{node.LocalName}" : "",
                e.Description ?? ""));
        }
    }
    catch (Exception ex) when (ex is OpenXmlPackageException or InvalidDataException or IOException or System.Xml.XmlException)
    {
        findings.Add(new Finding("error", file, "", "", "Package.Open", "Package", "", $"{ex.GetType().Name}: {ex.Message}"));
    }
    return (findings, new DocumentLine("document", file, features));
}

static void WriteLine<T>(Stream stdout, T value)
{
    JsonSerializer.Serialize(stdout, value, JsonOptions.Value);
    stdout.WriteByte((byte)'\n');
}

record Finding(string kind, string file, string part, string xpath, string id, string errorType, string element, string description);

record DocumentLine(string kind, string file, List<string> features);

record Summary(string kind, int files, int errors, long ms);

static class JsonOptions
{
    public static readonly JsonSerializerOptions Value = new()
    {
        WriteIndented = false,
        // Readable descriptions (<, >, ' as they are); the output is read as JSON, never as HTML.
        Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
    };
}
