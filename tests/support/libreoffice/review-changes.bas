REM LibreOffice Basic, run by soffice --headless (tests/support/review-changes.ts): for each job line
REM "mode<TAB>input.docx<TAB>output.txt" it opens the .docx, applies LibreOffice's own Accept All or
REM Reject All (mode "accept" / "reject"; "none" leaves the document as it is; "fields" leaves it as it is
REM and shows fields' results in the text; "update" updates every field first, as Tools > Update > Fields
REM does, and shows them), and writes what a reader
REM sees, one line per element, as UTF-8:
REM   redlines N                          tracked changes LibreOffice found before, and left after
REM   P <style> | <outline> | <list level> | <label> | <text with **bold**, _italic_, [^n] notes>
REM   T <rows>x<columns>, then R <cell> | <cell> … per row
REM   F <label> | <text>                  each footnote
REM A failure writes the Basic error into <jobs file>.error and stops.

Sub Review(sJobs As String)
  On Error GoTo Failed
  Dim iFile As Integer, sLine As String, parts
  iFile = FreeFile
  Open sJobs For Input As #iFile
  Do While Not EOF(iFile)
    Line Input #iFile, sLine
    If sLine <> "" Then
      parts = Split(sLine, Chr(9))
      ReviewOne(parts(0), parts(1), parts(2))
    End If
  Loop
  Close #iFile
  StarDesktop.terminate()
  Exit Sub
Failed:
  Dim iErr As Integer
  iErr = FreeFile
  Open sJobs & ".error" For Output As #iErr
  Print #iErr, "Basic error " & Err & " at line " & Erl & ": " & Error$
  Close #iErr
  StarDesktop.terminate()
End Sub

Dim bFields As Boolean

Sub ReviewOne(sMode As String, sIn As String, sOut As String)
  Dim args(2) As New com.sun.star.beans.PropertyValue
  args(0).Name = "Hidden" : args(0).Value = True
  args(1).Name = "FilterName" : args(1).Value = "MS Word 2007 XML"
  REM No question about updating fields or links: a dialog cannot open headless.
  args(2).Name = "UpdateDocMode" : args(2).Value = com.sun.star.document.UpdateDocMode.QUIET_UPDATE
  Dim oDoc As Object
  oDoc = StarDesktop.loadComponentFromURL(ConvertToURL(sIn), "_blank", 0, args())
  Dim s As String
  s = "redlines " & oDoc.getRedlines().getCount() & Chr(10)
  bFields = (sMode = "fields" Or sMode = "update")
  If sMode = "update" Then
    Dim oUpd As Object
    oUpd = createUnoService("com.sun.star.frame.DispatchHelper")
    oUpd.executeDispatch(oDoc.getCurrentController().getFrame(), ".uno:UpdateFields", "", 0, Array())
    oDoc.getTextFields().refresh()
    s = s & "redlines " & oDoc.getRedlines().getCount() & Chr(10)
  ElseIf sMode = "fields" Then
    s = s & "redlines " & oDoc.getRedlines().getCount() & Chr(10)
  ElseIf sMode <> "none" Then
    Dim oDisp As Object
    oDisp = createUnoService("com.sun.star.frame.DispatchHelper")
    If sMode = "accept" Then
      oDisp.executeDispatch(oDoc.getCurrentController().getFrame(), ".uno:AcceptAllTrackedChanges", "", 0, Array())
    Else
      oDisp.executeDispatch(oDoc.getCurrentController().getFrame(), ".uno:RejectAllTrackedChanges", "", 0, Array())
    End If
    s = s & "redlines " & oDoc.getRedlines().getCount() & Chr(10)
  End If
  Dim oEnum As Object, oEl As Object
  oEnum = oDoc.getText().createEnumeration()
  Do While oEnum.hasMoreElements()
    oEl = oEnum.nextElement()
    If oEl.supportsService("com.sun.star.text.TextTable") Then
      s = s & TableLines(oEl)
    ElseIf oEl.supportsService("com.sun.star.text.Paragraph") Then
      s = s & ParagraphLine(oEl)
    End If
  Loop
  Dim oNotes As Object, k As Integer
  oNotes = oDoc.getFootnotes()
  For k = 0 To oNotes.getCount() - 1
    s = s & "F " & oNotes.getByIndex(k).getAnchor().getString() & " | " & Flat(oNotes.getByIndex(k).getString()) & Chr(10)
  Next k
  WriteUtf8(sOut, s)
  oDoc.close(True)
End Sub

Function ParagraphLine(oPar As Object) As String
  Dim sLabel As String, iLevel As Integer
  sLabel = ""
  iLevel = -1
  If oPar.NumberingIsNumber Then
    sLabel = oPar.ListLabelString
    iLevel = oPar.NumberingLevel
  End If
  ParagraphLine = "P " & oPar.ParaStyleName & " | " & oPar.OutlineLevel & " | " & iLevel & " | " & sLabel & " | " & Portions(oPar) & Chr(10)
End Function

Function Portions(oPar As Object) As String
  Dim oEnum As Object, oPortion As Object, s As String, t As String
  s = ""
  oEnum = oPar.createEnumeration()
  Do While oEnum.hasMoreElements()
    oPortion = oEnum.nextElement()
    If oPortion.TextPortionType = "Text" Then
      t = Flat(oPortion.getString())
      If t <> "" Then
        If oPortion.CharWeight > 100 Then t = "**" & t & "**"
        If oPortion.CharPosture <> com.sun.star.awt.FontSlant.NONE Then t = "_" & t & "_"
      End If
      s = s & t
    ElseIf oPortion.TextPortionType = "TextField" And bFields Then
      s = s & "{" & Flat(oPortion.getString()) & "}"
    ElseIf oPortion.TextPortionType = "Footnote" Then
      s = s & "[^" & oPortion.getString() & "]"
    End If
  Loop
  Portions = s
End Function

Function TableLines(oTable As Object) As String
  Dim s As String, r As Integer, c As Integer, nRows As Integer, nCols As Integer
  nRows = oTable.getRows().getCount()
  nCols = oTable.getColumns().getCount()
  s = "T " & nRows & "x" & nCols & Chr(10)
  For r = 0 To nRows - 1
    s = s & "R"
    For c = 0 To nCols - 1
      s = s & " " & Flat(oTable.getCellByPosition(c, r).getString()) & " |"
    Next c
    s = s & Chr(10)
  Next r
  TableLines = s
End Function

Function Flat(t As String) As String
  Flat = Join(Split(Join(Split(t, Chr(13)), "\n"), Chr(10)), "\n")
End Function

Sub WriteUtf8(sPath As String, s As String)
  Dim oSfa As Object, oStream As Object, oText As Object
  oSfa = createUnoService("com.sun.star.ucb.SimpleFileAccess")
  If oSfa.exists(ConvertToURL(sPath)) Then oSfa.kill(ConvertToURL(sPath))
  oStream = oSfa.openFileWrite(ConvertToURL(sPath))
  oText = createUnoService("com.sun.star.io.TextOutputStream")
  oText.setOutputStream(oStream)
  oText.setEncoding("UTF-8")
  oText.writeString(s)
  oText.closeOutput()
End Sub
