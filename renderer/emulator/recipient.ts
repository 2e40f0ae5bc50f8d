/** The phone header's "to …" line: a contact saved under its own number is shown once, not twice. */
export function recipientLabel(contact: { name?: string | null; phone?: string | null } | null | undefined): string {
  const name = contact?.name?.trim() ?? ''
  const phone = contact?.phone?.trim() ?? ''
  const digits = (s: string) => s.replace(/[^\d]/g, '')
  const parts = name && phone && digits(name) === digits(phone) ? [phone] : [name, phone].filter(Boolean)
  return parts.length ? `to ${parts.join(' ')}` : ''
}
