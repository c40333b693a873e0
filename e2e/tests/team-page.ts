// A page of the emulator's made for one spec, with the demo admin as owner and the second admin as co-admin,
// deleted afterwards (`removeTeamPages` in an afterEach) so later specs see the demo's three pages.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN, SECOND_ADMIN, emu, emulatorURL, emulatorUser } from './fixtures';
import { seriousAxeViolations } from './ux-routes';

export interface TeamPage {
  id: string;
  name: string;
  contacts: Array<{ psid: string; name: string }>;
}

const made: string[] = [];

/** A page both demo admins manage, its `contacts` having written a minute ago. */
export async function createTeamPage(
  request: APIRequestContext,
  namePrefix: string,
  contacts: number,
): Promise<TeamPage> {
  const page = await emu<TeamPage>(request, '/_emulator/pages', {
    data: {
      ownerId: (await emulatorUser(request, DEMO_ADMIN)).id,
      coAdmins: [(await emulatorUser(request, SECOND_ADMIN)).id],
      name: `${namePrefix} ${Date.now()}`,
      contacts,
      inboundAgoMs: 60_000,
    },
  });
  made.push(page.id);
  return page;
}

export async function removeTeamPages(request: APIRequestContext): Promise<void> {
  for (const id of made.splice(0)) await request.delete(`${emulatorURL}/_emulator/pages/${id}`);
}

/**
 * What is on screen, in the light then the dark theme: no serious or critical axe violation; with `shot`,
 * a screenshot of each to look at (test-results/<shot>-<width>-<theme>.png).
 */
export async function checkBothThemes(page: Page, shot?: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (on) => document.documentElement.classList.toggle('dark', on),
      theme === 'dark',
    );
    const blocking = await seriousAxeViolations(page);
    expect(
      blocking,
      `${shot ?? page.url()} at ${width} px (${theme}): ${JSON.stringify(blocking, null, 2)}`,
    ).toEqual([]);
    if (shot) await page.screenshot({ path: `test-results/${shot}-${width}-${theme}.png` });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}
