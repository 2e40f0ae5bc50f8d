// Where a conversation test's turns fall among the phone's messages.

/**
 * Where turn `turn` of a conversation test ends among the messages (the index the next turn's customer message has,
 * or the end): its bot messages are the ones that broke the expectation. Turn 1 is the start's; a start that is a
 * customer message (a keyword) is the first message, else the customer's first message begins turn 2.
 */
export function turnEnd(messages: readonly { direction: string }[], turn: number): number {
  const keywordStart = messages[0]?.direction === 'in'
  const opensNext = keywordStart ? turn + 1 : turn
  let seen = 0
  for (let i = 0; i < messages.length; i++) if (messages[i]!.direction === 'in' && ++seen === opensNext) return i
  return messages.length
}
