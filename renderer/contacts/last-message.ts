// The contacts list's "Last message" cell: how long ago the contact last wrote. It matters because a flow may send
// free-form messages only within 24 hours of it (the channel's service window), so "2 days ago" says "templates only".

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export function lastMessageText(lastInboundAt: number | null, now: number): string {
  if (lastInboundAt === null) return 'Never'
  const ago = Math.max(0, now - lastInboundAt)
  if (ago < MINUTE) return 'Just now'
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`
  const days = Math.floor(ago / DAY)
  return days === 1 ? '1 day ago' : `${days} days ago`
}

/** The exact time, for the cell's tooltip. */
export function lastMessageTitle(lastInboundAt: number | null): string | undefined {
  return lastInboundAt === null ? undefined : new Date(lastInboundAt).toLocaleString()
}
