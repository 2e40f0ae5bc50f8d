import { MessageCircleQuestionMark } from 'lucide-react'
import { lazy } from 'react'
import { onlyWhen, str, type NodeUi } from '../types'

// The answer examples read answers with chrono-node, libphonenumber-js and compromise: loaded with the first
// Question panel opened, not with the studio (docs/flow-format.md, "Question answers").
const AnswerExamples = lazy(() => import('./AnswerExamples'))

export const questionUi: NodeUi<'question'> = {
  type: 'question',
  icon: MessageCircleQuestionMark,
  panel: {
    hidden: (c) => {
      const t = str(c, 'answerType')
      const dated = t === 'date' || t === 'datetime'
      return [
        ...onlyWhen(t === 'choice', '/choices'),
        ...onlyWhen(t === 'regex', '/pattern'),
        ...onlyWhen(t === 'number' || t === 'text', '/min', '/max'),
        ...onlyWhen(dated, '/future', '/notBefore', '/notAfter'),
        ...onlyWhen(t !== 'choice' && t !== 'regex', '/explainRefusal'),
      ]
    },
    multiline: ['/prompt', '/retryMessage'],
    labels: {
      '/prompt': 'Question',
      '/saveTo': 'Save to variable',
      '/answerType': 'Answer type',
      '/choices/*': 'Choice',
      '/future': 'Only days not yet passed',
      '/notBefore': 'Not before',
      '/notAfter': 'Not after',
      '/explainRefusal': 'Say what was wrong before the retry message',
    },
  },
  details: AnswerExamples,
}
