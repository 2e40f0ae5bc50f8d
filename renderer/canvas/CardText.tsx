import { memo } from 'react'
import { Highlighted } from '../panels/Highlighted'
import { segments } from './localize'

/** A card's text with its placeholders highlighted; shown in another language, the default text standing in for a
 *  missing translation is greyed and in italics (canvas.css, `.card-missing-text`), beside the card's Missing mark. */
export const CardText = memo(function CardText({ text }: { text: string }) {
  const parts = segments(text)
  if (parts.length === 1 && !parts[0]!.missing) return <Highlighted text={text} />
  return (
    <>
      {parts.map((p, i) =>
        p.missing ? (
          <span key={i} className="card-missing-text" data-missing="true">
            <Highlighted text={p.text} />
          </span>
        ) : (
          <Highlighted key={i} text={p.text} />
        ),
      )}
    </>
  )
})
