import { UserPlus } from 'lucide-react'
import { onlyWhen, str, type NodeUi } from '../types'

export const leadManagementUi: NodeUi<'lead_management'> = {
  type: 'lead_management',
  icon: UserPlus,
  panel: {
    hidden: (c) => {
      const a = str(c, 'action')
      return [
        ...onlyWhen(a === 'get_details', '/prefix'),
        ...onlyWhen(a === 'update_fields', '/fields'),
        ...onlyWhen(a === 'add_tags' || a === 'remove_tags', '/tags'),
      ]
    },
    labels: { '/prefix': 'Variable prefix' },
  },
}
