import type { z } from 'zod'

// A Command pairs a zod schema for its request (checked where it enters the back end) with the TypeScript type of
// its result. The result exists only as a type: `returns<T>()` is a typed placeholder with no runtime value.
export interface CommandDef<Req extends z.ZodType = z.ZodType, Res = unknown> {
  req: Req
  res: Res
}

export function returns<T>(): T {
  return undefined as unknown as T
}

/** An Event's payload type, carried the same way as a Command's result type. */
export function payload<T>(): T {
  return undefined as unknown as T
}
