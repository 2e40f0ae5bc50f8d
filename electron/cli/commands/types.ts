export interface CliCommand {
  summary: string
  /** Returns the process exit code. Prints its own output; never throws for bad user input. */
  run(args: string[]): Promise<number>
}
