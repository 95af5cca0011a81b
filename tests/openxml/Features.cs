// The kinds of output a document holds, for the run's coverage list: every kind Sectionsmith writes
// must reach the validator in some test's document (issue 29).

using DocumentFormat.OpenXml.Packaging;
using DocumentFormat.OpenXml.Wordprocessing;

static class Features
{
    public static List<string> Of(WordprocessingDocument document)
    {
        var list = new List<string>();
        var main = document.MainDocumentPart;
        var body = main?.Document?.Body;
        if (main is null || body is null) return list;

        // A standalone document ends its body with the page setup; the insertable fragment has none.
        list.Add(body.ChildElements.LastOrDefault() is SectionProperties ? "standalone" : "fragment");
        if (main.HeaderParts.Any()) list.Add("header");
        if (main.FooterParts.Any()) list.Add("footer");
        // Ids -1 and 0 (or the separator types) are the separators every notes part has.
        if (main.FootnotesPart?.Footnotes?.Elements<Footnote>().Any(n => n.Type is null || n.Type.Value == FootnoteEndnoteValues.Normal) == true)
            list.Add("footnotes");
        if (main.WordprocessingCommentsPart?.Comments?.Elements<Comment>().Any() == true) list.Add("comments");
        if (body.Descendants<Table>().Any()) list.Add("table");
        if (body.Descendants<Drawing>().Any()) list.Add("image");
        if (body.Descendants<Hyperlink>().Any(h => h.Id is not null)) list.Add("hyperlink");
        if (body.Descendants<Hyperlink>().Any(h => h.Anchor is not null)) list.Add("internal-link");
        // Content controls of our own (a fragment's sections), not the table of contents' (w:docPartObj).
        if (body.Descendants<SdtBlock>().Any(IsOwnControl) || body.Descendants<SdtRun>().Any(IsOwnControl))
            list.Add("content-control");
        if (body.Descendants<FieldCode>().Any(f => f.Text.TrimStart().StartsWith("TOC", StringComparison.Ordinal))
            || body.Descendants<SimpleField>().Any(f => f.Instruction?.Value?.TrimStart().StartsWith("TOC", StringComparison.Ordinal) == true))
            list.Add("table-of-contents");
        var levels = main.NumberingDefinitionsPart?.Numbering?.Descendants<Level>().ToList() ?? [];
        if (levels.Count > 0) list.Add("numbering");
        // Legal clause numbers: a level that shows the counters above it ("%1.%2").
        if (levels.Any(l => l.LevelText?.Val?.Value?.Contains("%1.%2", StringComparison.Ordinal) == true))
            list.Add("legal-numbering");
        var defaults = main.StyleDefinitionsPart?.Styles?.DocDefaults?.RunPropertiesDefault?.RunPropertiesBaseStyle?.Languages;
        if (defaults is not null) list.Add("language-default");
        if (body.Descendants<Run>().Any(r => r.RunProperties?.Languages is not null)) list.Add("language-runs");
        return list;
    }

    static bool IsOwnControl(SdtElement sdt) =>
        sdt.SdtProperties?.GetFirstChild<SdtContentDocPartObject>() is null;
}
