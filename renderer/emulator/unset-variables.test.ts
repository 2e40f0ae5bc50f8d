import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { FlowDocument } from '../../shared/flow/document'
import { unsetVariablesFrom } from './unset-variables'

const example = (name: string): FlowDocument =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../resources/examples/${name}.flow.json`), 'utf8'))

describe('variables a mid-flow start leaves unset', () => {
  it('names what is read downstream but produced only before the start node, with where it is read', () => {
    const lead = example('lead-capture')
    const unset = unsetVariablesFrom(lead, 'n_company', {})
    expect(unset.map((u) => u.name).sort()).toEqual(['full_name', 'trigger_1', 'work_email'])
    expect(unset.find((u) => u.name === 'full_name')!.usedIn).toEqual([
      { nodeName: 'save_lead', label: expect.any(String) },
    ])
    expect(unset.find((u) => u.name === 'trigger_1')!.usedIn.map((u) => u.nodeName)).toEqual(['tag_lead'])
    // company is asked at the start node itself and lead_* come from load_lead after it: both will be set.
    expect(unset.some((u) => u.name === 'company' || u.name.startsWith('lead_'))).toBe(false)
  })

  it('drops what the tester presets, and is empty from a trigger', () => {
    const lead = example('lead-capture')
    expect(
      unsetVariablesFrom(lead, 'n_company', { full_name: 'Ana', work_email: 'a@b.co', trigger_1: { keyword: 'demo' } }),
    ).toEqual([])
    expect(unsetVariablesFrom(lead, 'n_trigger', {})).toEqual([])
  })

  it('counts a trigger data field as unset after the trigger, and a form output as set after the form', () => {
    const feedback = example('feedback-form')
    const unset = unsetVariablesFrom(feedback, 'n_form', {})
    expect(unset.map((u) => u.name)).toEqual(['order_id'])
    expect(unset[0]!.usedIn.map((u) => u.nodeName)).toEqual(['feedback_form', 'sorry'])
    expect(
      unsetVariablesFrom(feedback, 'n_low', {})
        .map((u) => u.name)
        .sort(),
    ).toEqual(['feedback_rating', 'may_contact', 'order_id'])
  })
})
