import { test, expect } from './fixtures'

test('a user creates a template with two parameters and a quick reply, fixes a too-long footer, and finds it after a reload', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  await page.getByRole('link', { name: 'Templates' }).click()
  await expect(page.getByRole('heading', { name: 'Message templates', level: 1 })).toBeVisible()
  await expect(page.getByText('No templates yet.')).toBeVisible()

  await page.getByRole('button', { name: 'New template' }).click()
  const form = page.getByRole('form', { name: 'New template' })
  await form.getByLabel('Name', { exact: true }).fill('order_update')
  await form.getByLabel('Language').fill('en_US')
  await form.getByLabel('Category').selectOption('UTILITY')
  await form.getByLabel('Body').fill('Hi {{1}}, your order {{2}} has shipped.')
  await expect(form.getByText('2 body parameters')).toBeVisible()
  await form.getByLabel('Footer').fill('x'.repeat(61))
  await form.getByRole('button', { name: 'Add quick reply button' }).click()
  await form.getByLabel('Button 1 label').fill('Track it')

  // The preview follows the form as it is typed.
  const preview = page.getByRole('region', { name: 'Message preview' })
  await expect(preview.getByText('{{2}}')).toBeVisible()
  await expect(preview.getByRole('list', { name: 'Preview buttons' })).toHaveText('Track it')

  // A name the channel refuses fails the request's own schema; the field is named beside the form.
  await form.getByLabel('Name', { exact: true }).fill('Order update')
  await form.getByRole('button', { name: 'Save template' }).click()
  const problems = form.getByRole('alert', { name: 'Template problems' })
  await expect(problems).toContainText('name: lower-case letters, digits and underscore only')
  await form.getByLabel('Name', { exact: true }).fill('order_update')
  await form.getByRole('button', { name: 'Save template' }).click()
  await expect(problems).toContainText('The footer has 61 characters; at most 60.')

  await form.getByLabel('Footer').fill('Reply STOP to opt out')
  await form.getByRole('button', { name: 'Save template' }).click()
  await expect(form).toBeHidden()
  const list = page.getByRole('list', { name: 'Templates' })
  await expect(list.getByRole('listitem', { name: 'order_update (en_US)' })).toBeVisible()

  await page.reload()
  await expect(list.getByRole('listitem', { name: 'order_update (en_US)' })).toContainText('UTILITY')
  await page.getByRole('button', { name: 'Edit order_update (en_US)' }).click()
  const edit = page.getByRole('form', { name: 'Edit template order_update' })
  await expect(edit.getByLabel('Body')).toHaveValue('Hi {{1}}, your order {{2}} has shipped.')
  await expect(edit.getByLabel('Footer')).toHaveValue('Reply STOP to opt out')
  await expect(edit.getByLabel('Button 1 label')).toHaveValue('Track it')
  await edit.getByRole('button', { name: 'Cancel' }).click()

  await page.getByRole('button', { name: 'Delete order_update (en_US)' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete template' }).click()
  await expect(page.getByText('No templates yet.')).toBeVisible()
})

test('a user adds a product, edits its price, sees a refusal, and deletes it', async ({ page, studio }) => {
  await studio.open(page)
  await page.getByRole('link', { name: 'Catalogue' }).click()
  await expect(page.getByRole('heading', { name: 'Product catalogue', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Add product' }).click()
  const form = page.getByRole('form', { name: 'New product' })
  await form.getByLabel('Catalogue id').fill('main')
  await form.getByLabel('Product id').fill('sku-1')
  await form.getByLabel('Name', { exact: true }).fill('Blue mug')
  await form.getByLabel('Description').fill('Stoneware, 300 ml')
  await form.getByLabel('Price').fill('12.5')
  await form.getByLabel('Currency').fill('eur')
  await form.getByRole('button', { name: 'Save product' }).click()
  await expect(form.getByRole('alert', { name: 'Product problems' })).toContainText('three-letter ISO 4217 code')
  await form.getByLabel('Currency').fill('EUR')
  await form.getByRole('button', { name: 'Save product' }).click()
  await expect(form).toBeHidden()

  const row = page.getByRole('list', { name: 'Products' }).getByRole('listitem', { name: 'Blue mug (main/sku-1)' })
  await expect(row).toContainText('12.5 EUR')

  await page.getByRole('button', { name: 'Edit Blue mug' }).click()
  const edit = page.getByRole('form', { name: 'Edit product sku-1' })
  await edit.getByLabel('Price').fill('14')
  await edit.getByRole('button', { name: 'Save product' }).click()
  await expect(edit).toBeHidden()
  await page.reload()
  await expect(row).toContainText('14 EUR')

  await page.getByRole('button', { name: 'Delete Blue mug' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete product' }).click()
  await expect(page.getByText('No products yet.')).toBeVisible()
})
