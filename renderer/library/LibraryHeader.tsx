import '../styles/flows.css'
import './library.css'
import { ArrowLeft } from 'lucide-react'

/** The header of a library screen: the way back to the flows list and the screen's title. */
export function LibraryHeader({ title, id }: { title: string; id: string }) {
  return (
    <header className="flows-header">
      <div>
        <a className="brand" href="#/flows">
          <ArrowLeft size={14} aria-hidden="true" /> Flows
        </a>
        <h1 id={id}>{title}</h1>
      </div>
    </header>
  )
}

/** The back end's refusal, beside the form it concerns. */
export function Problems({ problems, label }: { problems: string[]; label: string }) {
  if (!problems.length) return null
  return (
    <div className="library-problems" role="alert" aria-label={label}>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>{p}</li>
        ))}
      </ul>
    </div>
  )
}
