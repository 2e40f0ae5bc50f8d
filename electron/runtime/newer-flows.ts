// A runtime downgraded below what was published (a flow with a node whose typeVersion is newer than this build
// knows) cannot run that flow, but the other flows it serves are none of its business: keyword matching reads every
// running flow on every customer message, so one refusal there used to fail every message of every flow. Reading
// the running flows leaves that flow out and says so once per published version, naming the flow, the node and both
// versions. Reading that flow alone (a paused run of it, its webhook) still refuses it (node.newer), so nothing
// runs it as the old shape or closes its runs; publishing it is refused as before (checkPublishable).
import type { FlowDocument } from '../../shared/flow/document'
import { ApiFailure } from '../services/failure'

const stderr = (message: string) => {
  process.stderr.write(`[runtime] ${message}\n`)
}

export class NewerFlows {
  private readonly told = new Set<string>()

  constructor(private readonly log: (message: string) => void = stderr) {}

  /** The document `load` reads, or null (logged once per flow and `version`) when a node is newer than this build. */
  runnable(flowId: string, version: number, load: () => FlowDocument): FlowDocument | null {
    try {
      return load()
    } catch (err) {
      return this.leftOut(flowId, version, err)
    }
  }

  async runnableAsync(
    flowId: string,
    version: number,
    load: () => Promise<FlowDocument>,
  ): Promise<FlowDocument | null> {
    try {
      return await load()
    } catch (err) {
      return this.leftOut(flowId, version, err)
    }
  }

  private leftOut(flowId: string, version: number, err: unknown): null {
    if (!(err instanceof ApiFailure) || err.code !== 'node.newer') throw err
    const key = `${flowId}@${version}`
    if (!this.told.has(key)) {
      this.told.add(key)
      this.log(`flow ${flowId} is not served by this runtime: ${err.message} Every other flow is still served.`)
    }
    return null
  }
}
