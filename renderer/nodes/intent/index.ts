import { BrainCircuit } from 'lucide-react'
import { onlyWhen, str, type NodeUi } from '../types'
import { IntentDetails } from './IntentDetails'

export const intentUi: NodeUi<'intent'> = {
  type: 'intent',
  icon: BrainCircuit,
  panel: {
    hidden: (c) => onlyWhen(str(c, 'source') === 'next', '/prompt'),
    multiline: ['/prompt'],
    labels: {
      '/intents/*/name': 'Intent name',
      '/intents/*/description': 'Description',
      '/intents/*/examples/*': 'Example',
      '/source': 'Text to classify',
      '/provider': 'Classified by',
    },
    accessibleLabels: {
      '/intents/*/name': 'Intent {1} name',
      '/intents/*/description': 'Intent {1} description',
      '/intents/*/examples/*': 'Intent {1} example {2}',
    },
  },
  details: IntentDetails,
}
