/// Every subcommand, in the order `evidence help` lists them. Add a new command here once.
/// (Metatypes, never mutated: safe to read from any thread, which the checker cannot see.)
nonisolated(unsafe) let allCommands: [any EvidenceCommand.Type] = [
    ListCommand.self,
    RenderCommand.self,
    VerifyCommand.self,
    CompareCommand.self,
    RecordCommand.self,
    PinCommand.self,
    BenchCommand.self,
    StringsCommand.self,
    ResolveCommand.self,
    PlanCommand.self,
    MapCommand.self,
    ContrastCommand.self,
    SheetCommand.self,
    GalleryCommand.self,
    ReportCommand.self,
    TimelineCommand.self,
    VersionCommand.self,
    HelpCommand.self,
]
