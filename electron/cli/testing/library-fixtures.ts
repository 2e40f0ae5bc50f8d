// What the CLI library tests (run-library, test-library) set up in a temporary folder: a library file holding the
// feedback-form example's template with a body of the test's choosing, and a studio data folder holding it, or not.
import fs from 'node:fs'
import path from 'node:path'
import type { MessageTemplate } from '../../../shared/nodes/template_message/run-template'
import { DB_FILE_NAME } from '../../studio/backend'
import { openDatabase } from '../../services/db/open'
import { TemplateStore } from '../../services/effects/template-store'

export const feedbackTemplate = (body: string): MessageTemplate => ({
  name: 'delivery_feedback',
  language: 'en',
  category: 'UTILITY',
  header: { type: 'none', text: '' },
  body,
  footer: '',
  buttons: [],
})

export function writeLibrary(dir: string, file: string, body: string): void {
  fs.writeFileSync(path.join(dir, file), JSON.stringify({ templates: [feedbackTemplate(body)] }))
}

/** A studio data folder `dir/name`, its library holding the template when `body` is given. */
export function studioFolder(dir: string, name: string, body?: string): string {
  const dataDir = path.join(dir, name)
  fs.mkdirSync(dataDir)
  const db = openDatabase(path.join(dataDir, DB_FILE_NAME))
  if (body) new TemplateStore(db).save(feedbackTemplate(body))
  db.close()
  return dataDir
}
