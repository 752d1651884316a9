/// Every subcommand, in the order `evidence help` lists them. Add a new command here once.
let allCommands: [any EvidenceCommand.Type] = [
    HelpCommand.self,
    StringsCommand.self,
    ResolveCommand.self,
]
