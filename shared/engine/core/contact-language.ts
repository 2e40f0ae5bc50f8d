import type { StepResult } from '../types'

/**
 * The language a host stores on the contact after these steps (StepResult.contactLanguage: a Set Language node
 * changed the run's language), the last one set; undefined when none changed it. Every host that keeps contacts
 * writes it in the same transaction as the steps, so the contact's next run starts in it (docs/languages.md).
 */
export function contactLanguageOf(
  steps: ReadonlyArray<{ step: Pick<StepResult, 'contactLanguage'> }>,
): string | undefined {
  let language: string | undefined
  for (const { step } of steps) if (step.contactLanguage) language = step.contactLanguage
  return language
}
