import { describe, expect, it } from 'vitest'
import { readContactsCsv, tagsOf } from './contacts-csv'
import { MAX_BROADCAST_CONTACTS } from './types'

describe('readContactsCsv', () => {
  it('keeps good rows as E.164 contacts with fields, tags, timezone and var.* variables', () => {
    const csv =
      '\uFEFFPhone,Name,tags,City,var.coupon,Timezone\r\n' +
      '+44 7700 900123,Ann,"vip,uk",Leeds,SAVE10,Europe/London\r\n' +
      '+91 98000-00001,Ravi,,Pune,,\r\n'
    const r = readContactsCsv(csv)
    expect(r.refused).toEqual([])
    expect(r.error).toBeUndefined()
    expect(r.contacts).toEqual([
      {
        phone: '+447700900123',
        name: 'Ann',
        fields: { tags: 'vip,uk', City: 'Leeds', timezone: 'Europe/London' },
        variables: { coupon: 'SAVE10' },
      },
      { phone: '+919800000001', name: 'Ravi', fields: { City: 'Pune' }, variables: { coupon: '' } },
    ])
  })

  it('refuses each bad row with its line and code, and keeps the rest', () => {
    const csv = [
      'phone;name',
      '+447700900123;Ann',
      ';No number',
      'call me;Bob',
      '+44 7700 900123;Ann again',
      '+4477;Short',
      '+447700900124;Too;many',
      '',
      '447700900125;Plus dropped by a spreadsheet',
      '+447700900126;Eve\u202Eevil',
    ].join('\n')
    const r = readContactsCsv(csv)
    expect(r.contacts.map((c) => c.phone)).toEqual(['+447700900123', '+447700900125'])
    expect(r.refused.map((x) => [x.line, x.code, x.value])).toEqual([
      [3, 'missing_phone', ''],
      [4, 'invalid_number', 'call me'],
      [5, 'duplicate', '+44 7700 900123'],
      [6, 'invalid_number', '+4477'],
      [7, 'bad_row', '+447700900124'],
      [10, 'bad_row', '+447700900126'],
    ])
    expect(r.refused[2]!.message).toContain('line 2')
  })

  it('reads national numbers in the default country, and refuses them without one when they do not fit a plan', () => {
    const csv = 'phone\n07700 900123\n'
    expect(readContactsCsv(csv, { defaultCountry: 'GB' }).contacts[0]!.phone).toBe('+447700900123')
    const without = readContactsCsv(csv)
    expect(without.contacts).toEqual([])
    expect(without.refused[0]).toMatchObject({ line: 2, code: 'invalid_number' })
  })

  it('refuses the whole file when it has no phone column or a quote is never closed', () => {
    expect(readContactsCsv('number,name\n+447700900123,Ann\n').error).toMatchObject({ code: 'no_phone_column' })
    expect(readContactsCsv('').error).toMatchObject({ code: 'no_phone_column' })
    expect(readContactsCsv('phone,name\n+447700900123,"Ann\n').error).toMatchObject({ code: 'bad_file', line: 2 })
  })

  it('keeps at most 100,000 contacts and refuses the rows past them', () => {
    const rows = Array.from({ length: MAX_BROADCAST_CONTACTS + 2 }, (_, i) => `+4477${String(i).padStart(8, '0')}`)
    const r = readContactsCsv(['phone', ...rows].join('\n'))
    expect(r.contacts).toHaveLength(MAX_BROADCAST_CONTACTS)
    expect(r.refused.map((x) => [x.line, x.code])).toEqual([
      [MAX_BROADCAST_CONTACTS + 2, 'bad_row'],
      [MAX_BROADCAST_CONTACTS + 3, 'bad_row'],
    ])
  }, 120_000) // 100,000 numbers through libphonenumber-js: seconds on a busy machine

  it('splits a tags field on ; | and ,', () => {
    expect(tagsOf({ tags: 'vip; uk|new,  ' })).toEqual(['vip', 'uk', 'new'])
    expect(tagsOf({ tags: ['a', ''] })).toEqual(['a'])
    expect(tagsOf({})).toEqual([])
  })
})
