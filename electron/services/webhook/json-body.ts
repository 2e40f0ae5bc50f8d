// The JSON body parser of every Fastify listener (webhook trigger, inbound messages, publish API): the depth guard
// on the text (a body nested millions of levels is refused without being parsed), Fastify's own parser (which
// refuses __proto__ and constructor.prototype keys), then the guard on the value, so a body nested too deep is
// refused with 400 and its path before any handler runs and before anything is written.
import type { FastifyInstance } from 'fastify'
import { checkJsonBounds, describePath, type JsonBoundsProblem } from '../../../shared/json/bounds'
import { checkJsonTextDepth } from '../../../shared/json/text-depth'

export function useGuardedJsonParser(app: FastifyInstance, refuse: (problem: JsonBoundsProblem) => Error): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  if (app.hasContentTypeParser('application/json')) app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const deep = checkJsonTextDepth(String(body))
    if (deep) return done(refuse(deep), undefined)
    // Fastify's parser answers through `done`; what it returns carries nothing.
    void parse(req, String(body), (err, value) => {
      if (err) return done(err, undefined)
      const problem = checkJsonBounds(value)
      if (problem) return done(refuse(problem), undefined)
      done(null, value)
    })
  })
}

/** The body field a problem names, as the listener's errors name fields: `data.a.b`, shortened when long. */
export const problemField = (problem: JsonBoundsProblem): string => describePath(problem.path)
