import '../styles/flows.css'
import './settings.css'
import { ModelProviderSettings } from './ModelProviderSettings'

/** Studio-wide settings: for now, the optional model provider Intent and Extract nodes may ask. */
export function SettingsScreen() {
  return (
    <main className="flows-screen" aria-labelledby="settings-title">
      <header className="flows-header">
        <div>
          <p className="brand">
            <a href="#/flows">Chatflow Studio · Flows</a>
          </p>
          <h1 id="settings-title">Settings</h1>
        </div>
      </header>
      <div className="settings-body">
        <ModelProviderSettings />
      </div>
    </main>
  )
}
