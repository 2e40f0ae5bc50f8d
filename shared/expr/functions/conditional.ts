// Conditional functions evaluate only the arguments they need, so if({{n}} != 0, 10 / {{n}}, 0) never divides by 0.
import type { Evaluator, FunctionDef } from './types'
import { isEmpty, truthy } from '../values'

export const CONDITIONAL_FUNCTIONS: FunctionDef[] = [
  {
    name: 'if',
    category: 'conditional',
    signature: 'if(condition, then, else?)',
    minArgs: 2,
    maxArgs: 3,
    argKinds: ['any'],
    description: 'The then value when the condition is true, else the else value (empty when omitted).',
    example: "{{if({{age}} >= 18, 'Adult', 'Minor')}} → Adult",
    compileLazy: (args) => {
      const [test, then, otherwise] = args as [Evaluator, Evaluator, Evaluator?]
      if (!otherwise) return (v) => (truthy(test(v)) ? then(v) : '')
      return (v) => (truthy(test(v)) ? then(v) : otherwise(v))
    },
  },
  {
    name: 'ifEmpty',
    category: 'conditional',
    signature: 'ifEmpty(value, fallback)',
    minArgs: 2,
    maxArgs: 2,
    argKinds: ['any'],
    description: 'The value, or the fallback when the value is unset, empty text, null or an empty list.',
    example: "{{ifEmpty({{email}}, 'none')}} → none",
    compileLazy: (args) => {
      const [value, fallback] = args as [Evaluator, Evaluator]
      return (vars) => {
        const v = value(vars)
        return isEmpty(v) ? fallback(vars) : v
      }
    },
  },
  {
    name: 'coalesce',
    category: 'conditional',
    signature: 'coalesce(value1, value2, …)',
    minArgs: 1,
    maxArgs: null,
    argKinds: ['any'],
    description: 'The first value that is not empty; empty when all are.',
    example: "{{coalesce({{nickname}}, {{customer_name}}, 'there')}} → Asha",
    compileLazy: (args) => (vars) => {
      for (const a of args) {
        const v = a(vars)
        if (!isEmpty(v)) return v
      }
      return ''
    },
  },
]
