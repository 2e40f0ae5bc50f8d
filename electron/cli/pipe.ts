// `chatflow test … | head`: when the reader closes the pipe early, writing to stdout fails with EPIPE. That is the
// reader saying it has seen enough, not an error of ours: stop quietly with the status a shell gives a process
// ended by SIGPIPE (128 + 13), instead of a stack trace.
export const CLOSED_PIPE_EXIT = 141

export function quietOnClosedPipe(
  stream: NodeJS.WriteStream = process.stdout,
  exit: (code: number) => void = process.exit,
): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') exit(CLOSED_PIPE_EXIT)
    else throw err
  })
}
