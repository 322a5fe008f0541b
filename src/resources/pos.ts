import {
  boolean,
  dateTime,
  image,
  items,
  money,
  number,
  reference,
  select,
  text,
  textarea,
} from '../schema/fields';
import { hotels, owner } from '../schema/access';
import { defineAction, defineResource, type WriteHookArgs } from '../schema/resource';
import { stayReference } from './stays';
import {
  confirmSale,
  enoughStock,
  knownVatRate,
  numberSale,
  refund,
  takeStock,
  VAT_RATES,
} from './posRules';

export { VAT_RATES };

/** Point of sale (spec §2): categories, products and the transactions guests' orders make. */

export const PAYMENT_METHODS = ['card', 'cash', 'roomCharge'] as const;
export const TRANSACTION_STATUSES = ['paid', 'pending', 'refunded', 'void'] as const;

async function enoughAndNumbered(args: WriteHookArgs): Promise<void> {
  await enoughStock(args);
  await numberSale(args);
}

export const posCategories = defineResource({
  name: 'pos-categories',
  route: 'pos/categories',
  menu: { group: 'management', icon: 'shop', items: ['list'], parent: 'pos' },
  owned: true,
  orderable: true,
  access: owner(),
  labelField: 'name',
  timestamps: true,
  fields: {
    name: text({ required: true, max: 80, list: { search: true, sort: true } }),
    image: image({ list: { hidden: true } }),
    active: boolean({ default: true, list: { filter: true, sort: true } }),
  },
});

export const posProducts = defineResource({
  name: 'pos-products',
  route: 'pos/products',
  menu: { group: 'management', icon: 'shop', items: ['list'], parent: 'pos' },
  owned: true,
  access: owner(),
  labelField: 'name',
  timestamps: true,
  defaultSort: { field: 'name', order: 'asc' },
  hooks: { beforeValidate: knownVatRate },
  fields: {
    name: text({ required: true, max: 120, list: { search: true, sort: true } }),
    description: textarea({ max: 1000, list: { none: true } }),
    image: image({ list: { hidden: true } }),
    categoryId: reference({
      resource: 'pos-categories',
      labelField: 'name',
      required: true,
      sameOwner: true,
      onDelete: 'restrict',
      list: { filter: true },
    }),
    price: money({ required: true, max: 1_000_000, list: { sort: true } }),
    vatRate: number({
      required: true,
      integer: true,
      min: 0,
      max: 30,
      default: 9,
      list: { sort: true },
    }),
    active: boolean({ default: true, list: { filter: true, sort: true } }),
    stock: number({ integer: true, min: 0, list: { sort: true } }),
  },
});

const lineItem = {
  // The name at the time of sale names the product; the id stays for the books.
  productId: reference({
    resource: 'pos-products',
    labelField: 'name',
    required: true,
    list: { none: true },
  }),
  name: text({ required: true }),
  quantity: number({ required: true, integer: true, min: 1 }),
  unitPrice: money({ required: true }),
};

/** Made by the server from guests' orders; the dashboard reads them and refunds paid ones. */
export const posTransactions = defineResource({
  name: 'pos-transactions',
  route: 'pos/transactions',
  menu: { group: 'management', icon: 'shop', items: ['list'], parent: 'pos' },
  owned: true,
  access: { read: hotels() },
  // Guests' orders (POST /public/<slug>/orders) are numbered and take stock as they are stored.
  hooks: { beforeChange: enoughAndNumbered, afterChange: takeStock },
  actions: {
    // Paid sales only, with a reason; their products get their stock back.
    refund: defineAction({
      on: 'record',
      input: () => import('./posInputs').then((inputs) => inputs.refundInput),
      access: owner(),
      run: refund,
    }),
    // An order a guest placed without a guest session waits for the hotel to accept it.
    confirm: defineAction({
      on: 'record',
      input: () => import('./posInputs').then((inputs) => inputs.confirmInput),
      access: owner(),
      run: confirmSale,
    }),
  },
  labelField: 'number',
  defaultSort: { field: 'createdAt', order: 'desc' },
  // Revenue counts what was sold and not taken back.
  summary: { sum: ['total'], sumExcept: { status: ['refunded', 'void'] } },
  fields: {
    number: text({ readOnly: true, list: { search: true, sort: true } }),
    createdAt: dateTime({ readOnly: true, list: { filter: true, sort: true } }),
    items: items({ readOnly: true, of: lineItem, list: { none: true } }),
    subtotal: money({ readOnly: true, list: { hidden: true } }),
    vat: money({ readOnly: true, list: { hidden: true } }),
    total: money({ readOnly: true, list: { sort: true } }),
    paymentMethod: select({ readOnly: true, options: PAYMENT_METHODS, list: { filter: true } }),
    status: select({
      readOnly: true,
      options: TRANSACTION_STATUSES,
      list: { filter: true, sort: true },
    }),
    room: text({ readOnly: true, max: 40, list: { search: true } }),
    refundReason: text({ readOnly: true, list: { hidden: true } }),
    refundedAt: dateTime({ readOnly: true, list: { hidden: true } }),
    confirmedAt: dateTime({ readOnly: true, list: { hidden: true } }),
    // The guest session a room charge was made with (guest apps; see stays).
    stayId: stayReference(),
  },
});
