// A runtime failure inside one placeholder. Thrown within the evaluator and caught per placeholder, which then
// renders empty; it never escapes render(). start/end of -1 mean "the enclosing call", filled in by the evaluator.
export class ExprError extends Error {
  constructor(
    readonly code: string,
    message: string,
    public start = -1,
    public end = -1,
  ) {
    super(message)
  }
}
