// The slot types of an Extract node and what each saves. Light on purpose (no parsing libraries): the definition,
// validation and the panel read it; the parsers load only where messages are read (./find.ts, ./read-slot.ts).

export const SLOT_TYPES = ['text', 'number', 'date', 'time', 'phone', 'email', 'choice', 'pattern'] as const
export type SlotType = (typeof SLOT_TYPES)[number]

export interface SlotTypeInfo {
  label: string
  saves: { type: 'string' | 'number'; format?: string }
}

export const SLOT_TYPE_INFO: Record<SlotType, SlotTypeInfo> = {
  text: { label: 'Text', saves: { type: 'string' } },
  number: { label: 'Number', saves: { type: 'number' } },
  date: { label: 'Date', saves: { type: 'string', format: 'date, YYYY-MM-DD' } },
  time: { label: 'Time', saves: { type: 'string', format: 'time, HH:MM (24-hour)' } },
  phone: { label: 'Phone', saves: { type: 'string', format: 'phone, E.164' } },
  email: { label: 'Email', saves: { type: 'string', format: 'email' } },
  choice: { label: 'Choice', saves: { type: 'string' } },
  pattern: { label: 'Pattern', saves: { type: 'string' } },
}
