/**
 * A fake Stripe for tests and e2e: a real HTTP server on 127.0.0.1 that speaks the parts of
 * Stripe's REST API Atelier uses (customers, Checkout Sessions, subscriptions, the billing portal,
 * products, prices, webhook endpoints), form-encoded like Stripe, one account per API key. It can
 * complete a checkout the way Stripe does and hand back the webhook events of it, signed like
 * Stripe signs them. It records every request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  idempotencyKey: string | undefined;
  params: Json;
}

export interface FakeStripeAccount {
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  products: Map<string, Json>;
  prices: Map<string, Json>;
  webhookEndpoints: Map<string, Json>;
}

export interface SignedEvent {
  id: string;
  type: string;
  payload: string;
  signature: string;
}

const newAccount = (): FakeStripeAccount => ({
  customers: new Map(),
  sessions: new Map(),
  subscriptions: new Map(),
  products: new Map(),
  prices: new Map(),
  webhookEndpoints: new Map(),
});

const DAY = 86_400;

export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  private readonly accounts = new Map<string, FakeStripeAccount>();
  private readonly server: http.Server;
  private counter = 0;
  /** Answer every call with this status (e.g. 500) while set. */
  failWith: number | undefined;
  url = '';

  constructor(apiKeys: string[]) {
    for (const key of apiKeys) this.accounts.set(key, newAccount());
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
  }

  static async start(apiKeys: string[]): Promise<FakeStripe> {
    const fake = new FakeStripe(apiKeys);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  account(apiKey: string): FakeStripeAccount {
    const account = this.accounts.get(apiKey);
    if (!account) throw new Error(`no fake Stripe account for ${apiKey}`);
    return account;
  }

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}_fake${this.counter}`;
  }

  /** Adds a product with a default recurring price to an account. */
  addProduct(apiKey: string, name: string, amountCents: number, interval: 'month' | 'year' | null = 'month') {
    const account = this.account(apiKey);
    const product = {
      id: this.id('prod'),
      object: 'product',
      name,
      active: true,
      default_price: null as string | null,
    };
    account.products.set(product.id, product);
    if (amountCents > 0) {
      const price = {
        id: this.id('price'),
        object: 'price',
        product: product.id,
        unit_amount: amountCents,
        currency: 'usd',
        recurring: interval ? { interval } : null,
      };
      account.prices.set(price.id, price);
      product.default_price = price.id;
    }
    return product;
  }

  /**
   * Pays an open Checkout Session as Stripe would: creates the subscription (mode subscription)
   * and answers the events Stripe would send, in Stripe's order, signed with `webhookSecret`.
   */
  completeCheckout(apiKey: string, sessionId: string, webhookSecret: string): SignedEvent[] {
    const account = this.account(apiKey);
    const session = account.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const events: SignedEvent[] = [];
    if (session.mode === 'subscription') {
      const subscription = this.createSubscription(account, session);
      session.subscription = subscription.id;
      events.push(this.event('customer.subscription.created', subscription, webhookSecret));
    }
    session.status = 'complete';
    session.payment_status = 'paid';
    events.push(this.event('checkout.session.completed', session, webhookSecret));
    return events;
  }

  /** A signed event about an object (for subscription updates, deletions, replays). */
  event(type: string, object: Json, webhookSecret: string, timestamp?: number): SignedEvent {
    const id = this.id('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: structuredClone(object) },
    });
    return {
      id,
      type,
      payload,
      signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp }),
    };
  }

  private createSubscription(account: FakeStripeAccount, session: Json): Json {
    const now = Math.floor(Date.now() / 1000);
    const lineItem = (session.line_items as Json[] | undefined)?.[0] ?? {};
    const priceData = lineItem.price_data as Json | undefined;
    const recurring = priceData?.recurring as Json | undefined;
    const price = lineItem.price
      ? (account.prices.get(String(lineItem.price)) ?? {
          id: String(lineItem.price),
          recurring: { interval: 'month' },
        })
      : {
          id: this.id('price'),
          unit_amount: Number(priceData?.unit_amount),
          recurring: { interval: recurring?.interval ?? 'month' },
        };
    const interval = (price.recurring as Json | null)?.interval === 'year' ? 'year' : 'month';
    const subscription: Json = {
      id: this.id('sub'),
      object: 'subscription',
      status: 'active',
      customer: session.customer ?? this.id('cus'),
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: { ...((session.subscription_data as Json | undefined)?.metadata as Json | undefined) },
      items: {
        data: [
          {
            id: this.id('si'),
            current_period_end: now + (interval === 'year' ? 365 : 30) * DAY,
            price: { ...price, product: price.product ?? this.id('prod') },
          },
        ],
      },
    };
    account.subscriptions.set(String(subscription.id), subscription);
    return subscription;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      req.on('end', () => resolve(text));
    });
    const params = parseForm(req.method === 'GET' ? url.searchParams.toString() : body);
    const apiKey = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    this.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      apiKey,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      params,
    });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const fail = (status: number, message: string, type = 'invalid_request_error') =>
      send(status, { error: { type, message } });
    if (this.failWith) return fail(this.failWith, 'Simulated failure', 'api_error');
    const account = apiKey ? this.accounts.get(apiKey) : undefined;
    if (!account) return fail(401, `Invalid API Key provided: ${apiKey ?? ''}`);

    const route = `${req.method} ${url.pathname}`;
    const [, , resource, id] = url.pathname.split('/');
    const found = (map: Map<string, Json>) => {
      const item = id ? map.get(decodeURIComponent(id)) : undefined;
      if (!item) fail(404, `No such ${resource}: '${id}'`);
      return item;
    };

    if (route === 'POST /v1/customers') {
      const customer = { id: this.id('cus'), object: 'customer', ...params };
      account.customers.set(customer.id, customer);
      return send(200, customer);
    }
    if (route === 'POST /v1/checkout/sessions') {
      const sessionId = this.id('cs_test');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        url: `${this.url}/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        ...params,
      };
      account.sessions.set(sessionId, session);
      return send(200, session);
    }
    if (route === 'POST /v1/billing_portal/sessions') {
      return send(200, { id: this.id('bps'), url: `${this.url}/portal/${String(params.customer)}` });
    }
    if (route === 'POST /v1/webhook_endpoints') {
      const endpoint = {
        id: this.id('we'),
        object: 'webhook_endpoint',
        secret: `whsec_${this.id('secret')}`,
        ...params,
      };
      account.webhookEndpoints.set(endpoint.id, endpoint);
      return send(200, endpoint);
    }
    if (route === 'GET /v1/products')
      return send(200, { object: 'list', data: [...account.products.values()] });
    if (req.method === 'GET' && resource === 'products' && id) {
      const product = found(account.products);
      return product && send(200, product);
    }
    if (req.method === 'GET' && resource === 'prices' && id) {
      const price = found(account.prices);
      return price && send(200, price);
    }
    if (route === 'GET /v1/subscriptions') {
      const data = [...account.subscriptions.values()].filter(
        (sub) =>
          !params.price || (sub.items as { data: { price: Json }[] }).data[0]?.price.id === params.price,
      );
      return send(200, { object: 'list', data });
    }
    if (resource === 'subscriptions' && id) {
      const subscription = found(account.subscriptions);
      if (!subscription) return;
      if (req.method === 'GET') return send(200, subscription);
      if (req.method === 'DELETE') {
        subscription.status = 'canceled';
        return send(200, subscription);
      }
      if (params.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
      }
      if (params.metadata)
        subscription.metadata = { ...(subscription.metadata as Json), ...(params.metadata as Json) };
      const newItem = (params.items as Json[] | undefined)?.[0];
      if (newItem) {
        const item = (subscription.items as { data: Json[] }).data[0]!;
        const priceData = newItem.price_data as Json | undefined;
        item.price = newItem.price
          ? (account.prices.get(String(newItem.price)) ?? { id: newItem.price })
          : {
              id: this.id('price'),
              unit_amount: Number(priceData?.unit_amount),
              product: priceData?.product,
              recurring: priceData?.recurring,
            };
      }
      return send(200, subscription);
    }
    return fail(404, `Unrecognized request URL (${route})`);
  }
}

/** Parses Stripe's bracketed form encoding back into nested objects (arrays as arrays). */
export function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? '');
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}
