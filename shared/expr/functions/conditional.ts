// Conditional functions evaluate only the arguments they need, so if({{n}} != 0, 10 / {{n}}, 0) never divides by 0.
import type { FunctionDef } from './types'
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
    callLazy: (args, v) => (truthy(args[0]!(v)) ? args[1]!(v) : args.length > 2 ? args[2]!(v) : ''),
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
    callLazy: (args, vars) => {
      const v = args[0]!(vars)
      return isEmpty(v) ? args[1]!(vars) : v
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
    callLazy: (args, vars) => {
      for (const a of args) {
        const v = a(vars)
        if (!isEmpty(v)) return v
      }
      return ''
    },
  },
]
