import { describe, expect, it } from 'vitest'
import { parseEmail } from './email'

describe('email addresses as the HTML standard defines them', () => {
  it.each([
    ['ana@company.com', 'ana@company.com'],
    [' ana@company.com ', 'ana@company.com'],
    ['Ana.Rao@Company.COM', 'Ana.Rao@company.com'],
    ['ana+news@company.com', 'ana+news@company.com'],
    ['ana_rao@company.co.uk', 'ana_rao@company.co.uk'],
    ['a@b.co', 'a@b.co'],
    ['first.last@sub.domain.example.org', 'first.last@sub.domain.example.org'],
    ["o'brien@company.ie", "o'brien@company.ie"],
    ['user-1@my-company.io', 'user-1@my-company.io'],
    ['123@company.com', '123@company.com'],
    ['mailto:ana@company.com', 'ana@company.com'],
    ['<ana@company.com>', 'ana@company.com'],
    ['asha@gmail.com', 'asha@gmail.com'],
    ['asha@hotmail.co.uk', 'asha@hotmail.co.uk'],
    ['asha@yahoo.com', 'asha@yahoo.com'],
    ['asha@outlook.com', 'asha@outlook.com'],
    ['asha@gmx.de', 'asha@gmx.de'],
    ['asha@web.de', 'asha@web.de'],
    ['asha@orange.fr', 'asha@orange.fr'],
    ['asha@icloud.com', 'asha@icloud.com'],
    ['asha@proton.me', 'asha@proton.me'],
    ['asha@rediffmail.com', 'asha@rediffmail.com'],
    ['x@xn--bcher-kva.example', 'x@xn--bcher-kva.example'],
    // Real domains a plain distance check would "correct" (to me.com, cox.net, qq.com, mail.com, uol.com, live.it).
    ['ana@acme.com', 'ana@acme.com'],
    ['ana@gmx.net', 'ana@gmx.net'],
    ['ana@bt.com', 'ana@bt.com'],
    ['ana@mac.com', 'ana@mac.com'],
    ['ana@uol.com.br', 'ana@uol.com.br'],
    ['ana@libero.it', 'ana@libero.it'],
    ['ana@yahoo.co.in', 'ana@yahoo.co.in'],
  ])('accepts %j as %j', (typed, saved) => {
    expect(parseEmail(typed)).toEqual({ ok: true, value: saved })
  })

  it.each([
    ['', 'empty'],
    ['ana.company.com', 'not_an_email'],
    ['ana', 'not_an_email'],
    ['@company.com', 'not_an_email'],
    ['ana@', 'not_an_email'],
    ['ana@company', 'not_an_email'],
    ['ana @company.com', 'not_an_email'],
    ['ana@@company.com', 'not_an_email'],
    ['ana@comp@any.com', 'not_an_email'],
    ['ana@company..com', 'not_an_email'],
    ['ana@-company.com', 'not_an_email'],
    ['ana@company.com.', 'not_an_email'],
    ['josé@company.com', 'not_an_email'],
    ['ana@1.2.3.4', 'not_an_email'],
    ['ana(at)company.com', 'not_an_email'],
    ['ana@company,com', 'not_an_email'],
    ['asha@gmial.com', 'email_typo'],
    ['asha@gmail.con', 'email_typo'],
    ['asha@hotmial.com', 'email_typo'],
    ['asha@yahooo.com', 'email_typo'],
    ['asha@outlok.com', 'email_typo'],
    ['asha@gamil.com', 'email_typo'],
    ['asha@gmail.co', 'email_typo'],
    ['asha@hotmial.co.uk', 'email_typo'],
    ['asha@iclod.com', 'email_typo'],
    ['asha@outlook.con', 'email_typo'],
  ])('refuses %j (%s)', (typed, code) => {
    expect(parseEmail(typed)).toMatchObject({ ok: false, code })
  })

  it('offers the likely address for a typo domain, and the typed one to keep', () => {
    expect(parseEmail('Asha@GMIAL.com')).toEqual({
      ok: false,
      code: 'email_typo',
      reason: 'Did you mean Asha@gmail.com?',
      suggestion: 'Asha@gmail.com',
      overrule: 'Asha@gmial.com',
    })
  })

  it('says what is wrong', () => {
    expect(parseEmail('ana.company.com')).toMatchObject({
      reason: '"ana.company.com" has no @, so it is not an email address.',
    })
    expect(parseEmail('ana@gmail')).toMatchObject({
      reason: '"ana@gmail" needs a full domain after the @, such as gmail.com.',
    })
    expect(parseEmail('ana @x.com')).toMatchObject({ reason: 'An email address has no spaces in it.' })
  })
})
