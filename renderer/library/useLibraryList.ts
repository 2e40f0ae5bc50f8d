import { useCallback, useEffect, useState } from 'react'
import type { Result } from '../../shared/api/result'
import { problemsOf } from './problems'

/**
 * A library list (templates, products) loaded from the back end, its error sentences, and a reload; `run` calls a
 * change command and reloads when it succeeds, or shows why it did not.
 */
export function useLibraryList<T>(fetch: () => Promise<Result<T[]>>) {
  const [items, setItems] = useState<T[] | null>(null)
  const [errors, setErrors] = useState<string[]>([])
  const reload = useCallback(async () => {
    const res = await fetch()
    if (res.ok) setItems(res.value)
    else setErrors(problemsOf(res.error))
  }, [fetch])
  useEffect(() => void reload(), [reload])
  const run = useCallback(
    async (change: Promise<Result<unknown>>): Promise<boolean> => {
      const res = await change
      if (!res.ok) {
        setErrors(problemsOf(res.error))
        return false
      }
      await reload()
      return true
    },
    [reload],
  )
  return { items, errors, setErrors, reload, run }
}
