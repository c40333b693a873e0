import { seedMarketing } from '../marketing/marketing.js';
import { seedTemplate } from '../templates/templates.js';
import { Rng } from '../util/rng.js';
import { BUSINESS_KINDS, BUSINESS_WORDS, FIRST_NAMES, LAST_NAMES } from './names.js';
import type { SeedSpec } from './types.js';
import type { World } from './world.js';

export type SeedOption = 'demo' | 'empty' | SeedSpec;

/** Populates the world deterministically: the same seed gives the same ids and names. */
export function seedWorld(world: World, seed: SeedOption): void {
  world.reset();
  if (seed === 'empty') return;
  if (seed === 'demo') return seedDemo(world);
  seedSpec(world, seed);
}

function seedDemo(world: World): void {
  world.setIdSeed('demo');
  const rng = new Rng('demo-world');
  const admin = world.createUser({ name: 'Demo Admin', email: 'demo.admin@example.com' });
  const second = world.createUser({ name: 'Second Admin', email: 'second.admin@example.com' });
  const pages = [
    world.createPage({ ownerId: admin.id, name: 'Crumb & Co. Bakery', category: 'Bakery' }),
    world.createPage({
      ownerId: admin.id,
      name: 'Spoke & Chain Bike Shop',
      category: 'Bicycle Shop',
    }),
    world.createPage({
      ownerId: admin.id,
      name: 'Lotus Flow Yoga Studio',
      category: 'Yoga Studio',
    }),
  ];
  const [bakery] = pages;
  if (bakery) world.addRole(bakery, second.id, ['MESSAGING', 'MODERATE', 'CREATE_CONTENT']);
  pages.push(
    world.createPage({ ownerId: second.id, name: 'Harbor Lane Books', category: 'Bookstore' }),
  );
  for (const [i, page] of pages.entries()) {
    world.addContacts(page, {
      count: i === 3 ? 60 : 200,
      rng,
      messagesPerContact: 4,
      inWindowShare: 0.25,
    });
  }
  // Marketing messages: each demo page's owner has an ad account, and about 30% of its contacts subscribed.
  for (const page of pages) {
    const owner = [...page.roles.keys()][0];
    if (owner) seedMarketing(world, page, owner, 0.3);
  }
  // Every utility template state a new user meets: two approved, one rejected as marketing.
  for (const page of pages) {
    seedTemplate(world, page, {
      name: 'order_update',
      body: 'Hi {{first_name}}, your order {{order_ref}} has been updated. Reply here if you have any questions.',
      status: 'APPROVED',
    });
    seedTemplate(world, page, {
      name: 'appointment_reminder',
      body: 'Hi {{first_name}}, this is a reminder of your appointment on {{date}}. Reply to change it.',
      buttons: [{ type: 'URL', text: 'Manage booking', url: 'https://example.com/booking' }],
      status: 'APPROVED',
    });
    seedTemplate(world, page, {
      name: 'spring_sale',
      body: 'Hi {{first_name}}, our spring sale is on: 20% off everything this week!',
      status: 'REJECTED',
      reason: 'TAG_SHOULD_BE_MARKETING',
    });
  }
}

function seedSpec(world: World, spec: SeedSpec): void {
  world.setIdSeed(spec.seed);
  const rng = new Rng(`world:${spec.seed}`);
  const users = spec.users ?? 1;
  for (let u = 0; u < users; u++) {
    const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    const user = world.createUser({
      name,
      email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${u}@example.com`,
    });
    for (let p = 0; p < (spec.pagesPerUser ?? 1); p++) {
      const [kind, category] = rng.pick(BUSINESS_KINDS);
      const page = world.createPage({
        ownerId: user.id,
        name: `${rng.pick(BUSINESS_WORDS)} ${kind}`,
        category,
      });
      world.addContacts(page, {
        count: spec.contactsPerPage ?? 10,
        rng,
        messagesPerContact: spec.messagesPerContact ?? 3,
        inWindowShare: spec.inWindowShare ?? 0.25,
      });
    }
  }
}
