/// The version `evidence --version` prints (and a report may show beside the renderer environment).
/// Raise it when a command's behaviour, an output format or the result schema changes.
public enum ToolVersion {
    public static let current = "1.0.0"
}
