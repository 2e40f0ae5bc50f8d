import { MessageCircleQuestionMark } from 'lucide-react'
import { onlyWhen, str, type NodeUi } from '../types'

export const questionUi: NodeUi<'question'> = {
  type: 'question',
  icon: MessageCircleQuestionMark,
  panel: {
    hidden: (c) => {
      const t = str(c, 'answerType')
      return [
        ...onlyWhen(t === 'choice', '/choices'),
        ...onlyWhen(t === 'regex', '/pattern'),
        ...onlyWhen(t === 'number' || t === 'text', '/min', '/max'),
      ]
    },
    multiline: ['/prompt', '/retryMessage'],
    labels: { '/prompt': 'Question', '/saveTo': 'Save to variable', '/answerType': 'Answer type', '/choices/*': 'Choice' },
  },
}
