import type { ComponentType } from 'react'
import type { Problem } from '../../shared/nodes/types'
import { ListEditor } from './ListEditor'
import { emptyValue, humanise, kindOf, singular, unwrapNullable, type JsonSchema } from './schema'
import { TemplateField } from './TemplateField'
import { HelpText } from './HelpText'
import { TranslatedField } from './TranslatedField'

/** What a node type's panel tells the generic fields: which fields hide in the current mode, which take
 *  several lines, and labels clearer than the humanised key. Pointers are into the node's config. */
export interface FieldHints {
  hidden?(config: Record<string, unknown>): string[]
  multiline?: string[]
  labels?: Record<string, string>
  /** Accessible names for fields repeated in lists, where the visible label alone would not say which one:
   *  '{1}', '{2}' stand for the 1-based positions of the enclosing list items ('Rule {1} left operand'). */
  accessibleLabels?: Record<string, string>
  /** Id for the n-th new item of a list whose items carry an `id` (buttons, rows, routes, screens). */
  newId?: Record<string, (n: number) => string>
  /** The n-th new item of a list, when the schema's empty value is not a good start (an interface's input). */
  newItem?: Record<string, (n: number) => unknown>
  /**
   * A control of the type's own for a field whose values come from outside the schema (a Call Flow's flow, picked
   * among the studio's flows, and its inputs, named by the callee's interface). It draws the whole field.
   */
  widgets?: Record<string, ComponentType<FieldWidgetProps>>
}

/** What a field widget gets: the field as SchemaField would draw it, and the node's whole config. */
export interface FieldWidgetProps {
  id: string
  pointer: string
  label: string
  value: unknown
  config: Record<string, unknown>
  problems: Problem[] | undefined
  /** Pointers of the config that take {{ }}. */
  templates: ReadonlySet<string>
  set(pointer: string, value: unknown): void
}

export interface FieldContext {
  idBase: string
  hints: FieldHints
  hidden: Set<string>
  /** Pointers of the fields that take {{ }} (from the definition's textFields). */
  templates: Set<string>
  problems: Map<string, Problem[]>
  /** The node's whole config, for field widgets that depend on another field. */
  config?: Record<string, unknown>
  set(pointer: string, value: unknown): void
  /** Shown in another of the flow's languages (the Language switch): its texts edit that language, the rest of the
   *  config is shared by every language and read-only here (TranslatedField.tsx). */
  language?: LanguageFields
}

export interface LanguageFields {
  /** 'Spanish', and the default language's name: 'English'. */
  name: string
  defaultName: string
  /** The node's customer texts, by pointer: the translation ('' when missing), the default text, the channel's limit. */
  texts: ReadonlyMap<string, { text: string; source: string; limit: number | null }>
  /** Writes the translation of the text at `pointer` ('' deletes it). */
  translate(pointer: string, text: string): void
}

const domId = (ctx: FieldContext, pointer: string) => `${ctx.idBase}${pointer.replace(/[^A-Za-z0-9_-]/g, '_')}`
/** Labels and multiline hints name list items with '*': '/buttons/* /title' matches every button title. */
const generic = (pointer: string) => pointer.replace(/\/\d+(?=\/|$)/g, '/*')

/** The accessible name of the field at `pointer`: its accessibleLabels hint with the item positions filled in. */
function accessibleLabel(ctx: FieldContext, pointer: string, label: string): string {
  const hint = ctx.hints.accessibleLabels?.[generic(pointer)]
  if (!hint) return label
  const positions = [...pointer.matchAll(/\/(\d+)(?=\/|$)/g)].map((m) => Number(m[1]) + 1)
  return hint.replace(/\{(\d)\}/g, (_, k: string) => String(positions[Number(k) - 1] ?? ''))
}

const slugId = (label: string) => (n: number) => `${label.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${n}`

/** A new button, row or route needs an id (its output port): the first `<item>_<n>` no sibling uses. */
function withFreshId(item: unknown, siblings: unknown[], make: (n: number) => string): unknown {
  if (item === null || typeof item !== 'object' || !('id' in item)) return item
  const used = new Set(siblings.map((s) => (s as { id?: unknown })?.id))
  let n = siblings.length + 1
  while (used.has(make(n))) n++
  return { ...item, id: make(n) }
}

export function Messages({ id, problems }: { id: string; problems: Problem[] | undefined }) {
  if (!problems?.length) return null
  return (
    <ul className="field-problems" id={id}>
      {problems.map((p, i) => (
        <li key={i} className={p.severity}>
          {p.message}
          {p.why && ` Intentional: ${p.why}`}
        </li>
      ))}
    </ul>
  )
}

interface Props {
  schema: JsonSchema
  value: unknown
  pointer: string
  label: string
  ctx: FieldContext
}

export function SchemaField({ schema: raw, value, pointer, label, ctx }: Props) {
  if (ctx.hidden.has(pointer)) return null
  const Widget = ctx.hints.widgets?.[generic(pointer)]
  const locked = !!ctx.language && !ctx.language.texts.has(pointer)
  if (Widget) {
    const widget = (
      <Widget
        id={domId(ctx, pointer)}
        pointer={pointer}
        label={label}
        value={value}
        config={ctx.config ?? {}}
        problems={ctx.problems.get(pointer)}
        templates={ctx.templates}
        set={(p, v) => ctx.set(p, v)}
      />
    )
    return locked && !hasTextUnder(ctx, pointer) ? <Locked>{widget}</Locked> : widget
  }
  const { schema, nullable } = unwrapNullable(raw)
  const kind = kindOf(schema)
  const id = domId(ctx, pointer)
  const problems = ctx.problems.get(pointer)
  const msgId = `${id}-problems`
  const helpId = `${id}-help`
  const a11y = accessibleLabel(ctx, pointer, label)
  const named = a11y === label ? undefined : a11y
  const describedBy =
    [schema.description ? helpId : '', problems?.length ? msgId : ''].filter(Boolean).join(' ') || undefined
  const help = schema.description ? (
    <p className="field-help" id={helpId}>
      <HelpText text={schema.description} />
    </p>
  ) : null

  if (kind === 'object') {
    const props = schema.properties ?? {}
    const obj = (value ?? {}) as Record<string, unknown>
    const body = Object.entries(props).map(([key, sub]) => (
      <SchemaField
        key={key}
        schema={sub}
        value={obj[key]}
        pointer={`${pointer}/${key}`}
        label={ctx.hints.labels?.[generic(`${pointer}/${key}`)] ?? humanise(key)}
        ctx={ctx}
      />
    ))
    if (pointer === '') return <>{body}</>
    return (
      <fieldset className="field-group">
        <legend>{label}</legend>
        {help}
        {body}
        <Messages id={msgId} problems={problems} />
      </fieldset>
    )
  }

  if (kind === 'array') {
    const items = Array.isArray(value) ? value : []
    const itemSchema = schema.items ?? {}
    const itemLabel = ctx.hints.labels?.[generic(`${pointer}/*`)] ?? singular(label)
    return (
      <div className="field field-list">
        <span className="field-label" id={`${id}-label`}>
          {label}
        </span>
        {help}
        <ListEditor
          locked={!!ctx.language}
          label={label}
          itemLabel={itemLabel}
          items={items}
          onChange={(next) => ctx.set(pointer, next)}
          makeItem={() =>
            ctx.hints.newItem?.[generic(pointer)]?.(items.length + 1) ??
            withFreshId(emptyValue(itemSchema), items, ctx.hints.newId?.[generic(pointer)] ?? slugId(itemLabel))
          }
          renderItem={(item, i, name) => (
            <SchemaField schema={itemSchema} value={item} pointer={`${pointer}/${i}`} label={name} ctx={ctx} />
          )}
        />
        <Messages id={msgId} problems={problems} />
      </div>
    )
  }

  const text = ctx.language?.texts.get(pointer)
  if (ctx.language && text && kind === 'string') {
    return (
      <TranslatedField
        id={id}
        pointer={pointer}
        label={label}
        accessibleLabel={a11y}
        text={text}
        language={ctx.language}
        template={ctx.templates.has(pointer)}
        multiline={(ctx.hints.multiline ?? []).includes(generic(pointer))}
        problems={problems}
      />
    )
  }

  let control: React.ReactNode
  if (kind === 'boolean') {
    const check = (
      <div className="field field-check">
        <label>
          <input
            type="checkbox"
            id={id}
            checked={value === true}
            data-pointer={pointer}
            aria-describedby={describedBy}
            onChange={(e) => ctx.set(pointer, e.target.checked)}
          />{' '}
          {label}
        </label>
        {help}
        <Messages id={msgId} problems={problems} />
      </div>
    )
    return locked ? <Locked>{check}</Locked> : check
  } else if (kind === 'enum') {
    control = (
      <select
        id={id}
        aria-label={named}
        value={String(value ?? '')}
        data-pointer={pointer}
        aria-describedby={describedBy}
        onChange={(e) =>
          ctx.set(
            pointer,
            schema.enum?.find((o) => String(o) === e.target.value),
          )
        }
      >
        {schema.enum?.map((o) => (
          <option key={String(o)} value={String(o)}>
            {String(o).replace(/_/g, ' ')}
          </option>
        ))}
      </select>
    )
  } else if (kind === 'number') {
    control = (
      <input
        type="number"
        id={id}
        value={typeof value === 'number' ? value : ''}
        min={schema.minimum}
        max={schema.maximum}
        data-pointer={pointer}
        aria-describedby={describedBy}
        aria-invalid={problems?.length ? true : undefined}
        // An emptied optional number means "no limit" (null), not 0.
        onChange={(e) => ctx.set(pointer, e.target.value === '' ? (nullable ? null : 0) : Number(e.target.value))}
      />
    )
  } else if (kind === 'string' && ctx.templates.has(pointer) && !locked) {
    control = (
      <TemplateField
        id={id}
        value={String(value ?? '')}
        pointer={pointer}
        label={named ?? label}
        multiline={(ctx.hints.multiline ?? []).includes(generic(pointer))}
        describedBy={describedBy}
        invalid={!!problems?.length}
        onChange={(v) => ctx.set(pointer, v)}
      />
    )
  } else if (kind === 'string') {
    const multiline = (ctx.hints.multiline ?? []).includes(generic(pointer))
    const common = {
      id,
      'aria-label': named,
      value: String(value ?? ''),
      'data-pointer': pointer,
      'aria-describedby': describedBy,
      'aria-invalid': problems?.length ? true : undefined,
    }
    control = multiline ? (
      <textarea {...common} rows={6} spellCheck={false} onChange={(e) => ctx.set(pointer, e.target.value)} />
    ) : (
      <input type="text" {...common} onChange={(e) => ctx.set(pointer, e.target.value)} />
    )
  } else {
    control = <JsonField id={id} value={value} pointer={pointer} onChange={(v) => ctx.set(pointer, v)} />
  }
  const field = (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control}
      {help}
      <Messages id={msgId} problems={problems} />
    </div>
  )
  return locked ? <Locked>{field}</Locked> : field
}

/** A setting shared by every language, shown read-only while the panel shows another language: a disabled
 *  fieldset disables every control inside it, whatever draws them. */
function Locked({ children }: { children: React.ReactNode }) {
  return (
    <fieldset disabled className="field-locked">
      {children}
    </fieldset>
  )
}

/** True when a customer text sits inside the value at `pointer` (a list of buttons, a form's screens). */
const hasTextUnder = (ctx: FieldContext, pointer: string) =>
  [...(ctx.language?.texts.keys() ?? [])].some((p) => p.startsWith(`${pointer}/`))

/** Values the form has no typed control for are edited as JSON; text that does not parse is kept in the box. */
function JsonField({
  id,
  value,
  pointer,
  onChange,
}: {
  id: string
  value: unknown
  pointer: string
  onChange(v: unknown): void
}) {
  return (
    <textarea
      id={id}
      rows={4}
      data-pointer={pointer}
      defaultValue={JSON.stringify(value ?? null, null, 2)}
      spellCheck={false}
      onChange={(e) => {
        try {
          onChange(JSON.parse(e.target.value))
          e.target.setCustomValidity('')
        } catch {
          e.target.setCustomValidity('Not valid JSON yet')
        }
      }}
    />
  )
}
