import { Globe } from 'lucide-react'
import { TestRequestButton } from '../../integrations/TestRequestButton'
import { onlyWhen, str, sub, type NodeUi } from '../types'

export const httpCallUi: NodeUi<'http_call'> = {
  type: 'http_call',
  icon: Globe,
  actions: TestRequestButton,
  panel: {
    hidden: (c) => {
      const auth = str(sub(c, 'auth'), 'type')
      return [
        ...onlyWhen(str(c, 'bodyType') !== 'none', '/body'),
        ...onlyWhen(auth === 'basic', '/auth/username', '/auth/password'),
        ...onlyWhen(auth === 'bearer', '/auth/token'),
        ...onlyWhen(auth === 'api_key', '/auth/headerName', '/auth/apiKey'),
      ]
    },
    multiline: ['/body'],
    labels: {
      '/auth/type': 'Authentication',
      '/query': 'Query parameters',
      '/query/*': 'Parameter',
      '/saveAs': 'Save to variables',
      '/saveAs/*': 'Variable',
    },
  },
}
