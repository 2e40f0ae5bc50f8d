// Intents the Intent node's tests share: a small shop's customer service.
import type { IntentSpec } from '../../nlu/types'

export const SHOP_INTENTS: IntentSpec[] = [
  {
    name: 'track',
    description: 'Where the order is',
    examples: [
      'where is my order',
      'has my parcel shipped yet',
      'track my package',
      'when will my order arrive',
      'my delivery has not come',
    ],
  },
  {
    name: 'cancel',
    description: 'Cancel the order',
    examples: [
      'cancel my order',
      'I want to cancel',
      'please cancel the purchase',
      'I changed my mind, stop the order',
      'cancel it',
    ],
  },
  {
    name: 'human',
    description: 'Talk to a person',
    examples: [
      'talk to a person',
      'can I speak to someone',
      'I want a human agent',
      'connect me with customer service',
      'real person please',
    ],
  },
]
