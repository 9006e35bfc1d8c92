/// What a thread's export is shared as, beside its bytes (`JournalService.exportCSV`,
/// `JournalExporter`): the app's `ExportData.filename` and `mimeType`. Both come from
/// `journal_export_file`, where the file-name rule lives, so every API layer names the
/// file alike.
public struct JournalExportFile: Sendable, Hashable {
    /// From the thread's title, safe on every file system, ending in ".csv".
    public var fileName: String
    /// "text/csv; charset=utf-8; header=present".
    public var mediaType: String

    public init(fileName: String, mediaType: String) {
        self.fileName = fileName
        self.mediaType = mediaType
    }
}
