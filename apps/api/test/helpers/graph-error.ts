// What a Graph call that must fail threw, for the tests of the Graph client to assert on.
import { GraphError } from '../../src/graph/errors.js';

/** The GraphError `p` rejects with; any other outcome fails the test. */
export async function caught(p: Promise<unknown>): Promise<GraphError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof GraphError) return e;
    throw e;
  }
  throw new Error('expected a GraphError');
}
