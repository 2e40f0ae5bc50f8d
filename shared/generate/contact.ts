// The contact a generated test runs as unless a rule on {{customer_name}} or {{customer_phone}} asks for another. Its
// own file: the flow index reads it, and so do the start sources that read the index.
export const DEFAULT_CONTACT = { name: 'Test Customer', phone: '+10000000000' }
