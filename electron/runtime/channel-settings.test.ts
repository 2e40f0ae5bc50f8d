// --channel cloud-api's settings: flags over the environment, secrets from the environment or a file, and a
// message naming what is missing or wrong.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { channelKind, cloudApiConfig, DEFAULT_CLOUD_API_URL, DEFAULT_CLOUD_API_VERSION } from './channel-settings'

const ENV = {
  CHATFLOW_CLOUD_API_TOKEN: 'EAAGtoken',
  CHATFLOW_CLOUD_PHONE_NUMBER_ID: '106540352242922',
  CHATFLOW_CLOUD_APP_SECRET: 'app-secret',
  CHATFLOW_CLOUD_VERIFY_TOKEN: 'verify-token',
}

it('takes the environment, with flags first and defaults for the URL and version', () => {
  const c = cloudApiConfig({}, ENV)
  expect(c).toMatchObject({
    baseUrl: DEFAULT_CLOUD_API_URL,
    version: DEFAULT_CLOUD_API_VERSION,
    phoneNumberId: '106540352242922',
    appSecret: 'app-secret',
    verifyToken: 'verify-token',
  })
  expect(c.token.current()).toBe('EAAGtoken')
  const flagged = cloudApiConfig(
    { cloudApiUrl: 'http://127.0.0.1:9', cloudApiVersion: 'v24.0', phoneNumberId: '42' },
    { ...ENV, CHATFLOW_CLOUD_API_VERSION: 'v1.0' },
  )
  expect(flagged).toMatchObject({ baseUrl: 'http://127.0.0.1:9', version: 'v24.0', phoneNumberId: '42' })
})

it('reads secrets from the files *_FILE names, and the token file again on reload', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-secrets-'))
  const file = (name: string, text: string) => (fs.writeFileSync(path.join(dir, name), text), path.join(dir, name))
  const env = {
    CHATFLOW_CLOUD_PHONE_NUMBER_ID: '1',
    CHATFLOW_CLOUD_API_TOKEN_FILE: file('token', 'first\n'),
    CHATFLOW_CLOUD_APP_SECRET_FILE: file('secret', 'from-file\n'),
    CHATFLOW_CLOUD_VERIFY_TOKEN_FILE: file('verify', 'verify-from-file'),
  }
  const c = cloudApiConfig({}, env)
  expect([c.token.current(), c.appSecret, c.verifyToken]).toEqual(['first', 'from-file', 'verify-from-file'])
  file('token', 'second\n')
  c.token.reload!()
  expect(c.token.current()).toBe('second')
  expect(() => cloudApiConfig({}, { ...env, CHATFLOW_CLOUD_APP_SECRET_FILE: path.join(dir, 'missing') })).toThrow(
    /CHATFLOW_CLOUD_APP_SECRET_FILE: cannot read .*missing \(ENOENT\)/,
  )
  fs.rmSync(dir, { recursive: true, force: true })
})

it('names what is missing or wrong', () => {
  const without = (key: keyof typeof ENV) => () => cloudApiConfig({}, { ...ENV, [key]: undefined })
  expect(without('CHATFLOW_CLOUD_API_TOKEN')).toThrow('CHATFLOW_CLOUD_API_TOKEN')
  expect(without('CHATFLOW_CLOUD_PHONE_NUMBER_ID')).toThrow('--cloud-phone-number-id')
  expect(without('CHATFLOW_CLOUD_APP_SECRET')).toThrow('CHATFLOW_CLOUD_APP_SECRET')
  expect(without('CHATFLOW_CLOUD_VERIFY_TOKEN')).toThrow('CHATFLOW_CLOUD_VERIFY_TOKEN')
  expect(() => cloudApiConfig({ cloudApiVersion: '25' }, ENV)).toThrow("looks like v25.0, not '25'")
  expect(() => cloudApiConfig({ cloudApiUrl: 'ftp://x' }, ENV)).toThrow('must be http or https')
  expect(() => cloudApiConfig({ phoneNumberId: '+1 555' }, ENV)).toThrow('the digits')
  expect(() => cloudApiConfig({}, { ...ENV, CHATFLOW_CLOUD_VERIFY_TOKEN: 'short' })).toThrow('at least 8 characters')
  // A comment after the value on its line of an environment file (systemd, docker --env-file keep it): refused by name.
  const commented = () => cloudApiConfig({}, { ...ENV, CHATFLOW_CLOUD_APP_SECRET: 'app-secret    # from App settings' })
  expect(commented).toThrow(
    /^CHATFLOW_CLOUD_APP_SECRET holds a space or line break: a comment in an environment file goes on a line of its own$/,
  )
  expect(() => cloudApiConfig({}, { ...ENV, CHATFLOW_CLOUD_API_TOKEN: 'EAAG\tx' })).toThrow(
    'CHATFLOW_CLOUD_API_TOKEN holds a space',
  )
})

it('picks the channel: the flag, else http with an outbound URL, else log; refuses contradictions', () => {
  expect(channelKind({}, {}, undefined)).toBe('log')
  expect(channelKind({}, {}, 'http://gw')).toBe('http')
  expect(channelKind({}, { CHATFLOW_CHANNEL: 'cloud-api' }, undefined)).toBe('cloud-api')
  expect(() => channelKind({ channel: 'cloud-api' }, {}, 'http://gw')).toThrow('drop --outbound-url')
  expect(() => channelKind({ channel: 'http' }, {}, undefined)).toThrow('needs --outbound-url')
  expect(() => channelKind({ channel: 'sms' }, {}, undefined)).toThrow("not 'sms'")
})
