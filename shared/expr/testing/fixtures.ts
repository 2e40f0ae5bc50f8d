// Session used by the fixture tables: customer answers are text, HTTP results keep JSON types.
import type { Vars } from '../types'

export const FIXTURE_VARS: Vars = {
  customer_name: 'Asha',
  Name: 'Upper',
  name: 'lower',
  price: 100,
  price_text: '100',
  tax: 18,
  age: '21',
  age_num: 21,
  young: '16',
  qty: '3',
  blank: '',
  spaces: '   ',
  zero: '0',
  no: 'false',
  word: 'abc',
  padded: '  ravi kumar  ',
  nothing: null,
  flag: true,
  prices: [10, '20', '', 30.5],
  tags: ['VIP', 'new'],
  empty_list: [],
  empty_obj: {},
  emoji: 'hi 👋',
  date_a: '2026-01-05',
  date_b: '2026-11-25',
  http_call_1: {
    status: 200,
    result: {
      items: [
        { name: 'Kurta', price: 499.5 },
        { name: 'Scarf', price: 120 },
      ],
      order: { id: 'ORD-1', status: 'shipped' },
      'content-type': 'json',
    },
  },
}
