// The operators and keywords of the expression language (spec: "Expression and condition syntax"), for the
// Operators tab, completion and hover.
export interface OperatorDoc {
  symbol: string
  category: 'Arithmetic' | 'Comparison' | 'Logical' | 'Keywords'
  description: string
  example: string
}

export const OPERATOR_DOCS: readonly OperatorDoc[] = [
  { symbol: '+', category: 'Arithmetic', description: 'Adds two numbers', example: '{{{{price}} + {{tax}}}}' },
  {
    symbol: '-',
    category: 'Arithmetic',
    description: 'Subtracts the right number from the left',
    example: '{{{{total}} - 5}}',
  },
  { symbol: '*', category: 'Arithmetic', description: 'Multiplies two numbers', example: '{{{{price}} * 1.18}}' },
  {
    symbol: '/',
    category: 'Arithmetic',
    description: 'Divides the left number by the right',
    example: '{{{{total}} / 2}}',
  },
  { symbol: '%', category: 'Arithmetic', description: 'Remainder of a division', example: '{{{{count}} % 2}}' },
  {
    symbol: '==',
    category: 'Comparison',
    description: 'Equal',
    example: "{{if({{status}} == 'paid', 'Thanks', 'Please pay')}}",
  },
  { symbol: '===', category: 'Comparison', description: 'Equal (same as ==)', example: "{{{{status}} === 'paid'}}" },
  { symbol: '!=', category: 'Comparison', description: 'Not equal', example: "{{{{status}} != 'paid'}}" },
  { symbol: '>', category: 'Comparison', description: 'Greater than', example: '{{{{age}} > 17}}' },
  { symbol: '<', category: 'Comparison', description: 'Less than', example: '{{{{age}} < 18}}' },
  {
    symbol: '>=',
    category: 'Comparison',
    description: 'Greater than or equal',
    example: "{{if({{age}} >= 18, 'Adult', 'Minor')}}",
  },
  { symbol: '<=', category: 'Comparison', description: 'Less than or equal', example: '{{{{items}} <= 3}}' },
  { symbol: '&&', category: 'Logical', description: 'True when both sides are true', example: '{{{{a}} && {{b}}}}' },
  { symbol: '||', category: 'Logical', description: 'True when either side is true', example: '{{{{a}} || {{b}}}}' },
  { symbol: '!', category: 'Logical', description: 'Negates a value', example: '{{!{{opted_out}}}}' },
  { symbol: 'true', category: 'Keywords', description: 'The boolean true', example: "{{if(true, 'yes', 'no')}}" },
  { symbol: 'false', category: 'Keywords', description: 'The boolean false', example: "{{if(false, 'yes', 'no')}}" },
  { symbol: 'null', category: 'Keywords', description: 'No value', example: "{{coalesce(null, 'fallback')}}" },
]
