import { describe, expect, it } from 'vitest'
import { BroadcastSpecSchema } from '../../shared/broadcast'
import { emptyForm, knownZone, specOf, type BroadcastForm } from './spec-form'

const form = (patch: Partial<BroadcastForm>): BroadcastForm => ({
  ...emptyForm('Europe/London'),
  name: 'December offer',
  flowId: 'flw_1',
  ...patch,
})

describe('specOf', () => {
  it('makes a segment broadcast sent now that the shared schema accepts', () => {
    const read = specOf(
      form({ tags: 'vip, lapsed', fields: 'city = Pune', variables: '{"offer": "DEC10"}', rate: '20' }),
    )
    expect(read).toEqual({
      ok: true,
      spec: {
        name: 'December offer',
        flowId: 'flw_1',
        audience: { kind: 'segment', tags: ['vip', 'lapsed'], fields: { city: 'Pune' } },
        variables: { offer: 'DEC10' },
        schedule: { kind: 'now' },
        rate: 20,
      },
    })
    if (read.ok) expect(BroadcastSpecSchema.safeParse(read.spec).success).toBe(true)
  })

  it('sends the imported contacts, at a date in a zone or at a time in each contact’s zone', () => {
    const contacts = [{ phone: '+919800000001', name: 'Asha', fields: { city: 'Pune' } }]
    const at = specOf(
      form({ audience: 'contacts', imported: contacts, schedule: 'at', at: '2026-12-01T10:00', zone: 'Asia/Kolkata' }),
    )
    expect(at.ok && at.spec.audience).toEqual({ kind: 'contacts', contacts })
    expect(at.ok && at.spec.schedule).toEqual({ kind: 'at', local: '2026-12-01T10:00', zone: 'Asia/Kolkata' })
    const local = specOf(form({ audience: 'contacts', imported: contacts, schedule: 'contact_local', time: '09:30' }))
    expect(local.ok && local.spec.schedule).toEqual({
      kind: 'contact_local',
      time: '09:30',
      fallbackZone: 'Europe/London',
    })
    if (at.ok && local.ok) {
      expect(BroadcastSpecSchema.safeParse(at.spec).success).toBe(true)
      expect(BroadcastSpecSchema.safeParse(local.spec).success).toBe(true)
    }
  })

  it.each([
    [{ name: ' ' }, 'name'],
    [{ flowId: '' }, 'flowId'],
    [{ fields: 'Pune' }, 'fields'],
    [{ audience: 'contacts' as const, imported: null }, 'audience'],
    [{ audience: 'contacts' as const, imported: [] }, 'audience'],
    [{ variables: '[1]' }, 'variables'],
    [{ schedule: 'at' as const, at: '' }, 'at'],
    [{ schedule: 'at' as const, at: '2026-12-01T10:00', zone: 'Mars/Olympus' }, 'zone'],
    [{ schedule: 'contact_local' as const, time: '' }, 'time'],
    [{ rate: '0' }, 'rate'],
    [{ rate: '2.5' }, 'rate'],
    [{ rate: '1001' }, 'rate'],
  ])('refuses %j at its field', (patch, field) => {
    const read = specOf(form(patch))
    expect(read.ok).toBe(false)
    if (!read.ok) {
      expect(read.field).toBe(field)
      expect(read.message.length).toBeGreaterThan(10)
    }
  })

  it('knows a zone from a typo', () => {
    expect([knownZone('Asia/Kolkata'), knownZone('Asia/Kolkatta'), knownZone('')]).toEqual([true, false, false])
  })
})
