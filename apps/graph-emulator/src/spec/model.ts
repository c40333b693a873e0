// Meta's Graph spec as the emulator checks it: the committed extract (meta-spec.json, written by
// scripts/extract-meta-spec.mjs from Meta's SDK specs at a pinned commit) with its `documentedElsewhere` part
// merged in, node by node.
import { readFileSync } from 'node:fs';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface ParamSpec {
  type: string;
  required?: boolean;
  /** The values of an enum parameter (or of each item of a list of them). */
  values?: string[];
}

export interface OperationSpec {
  params: Record<string, ParamSpec>;
  /** The node type an edge returns (its items' `fields=` are checked against that node). */
  returns?: string;
}

export interface NodeModel {
  read?: OperationSpec;
  delete?: OperationSpec;
  edges: Map<string, Partial<Record<Method, OperationSpec>>>;
  /** Field names, or null when no source lists them (then `fields=` is not checked). */
  fields: Set<string> | null;
  /** GET edges, which `fields=` may expand (`picture`, `messages.limit(10){…}`). */
  readableEdges: Set<string>;
}

export interface SpecModel {
  source: { repo: string; path: string; commit: string; extractedAt: string };
  nodes: Map<string, NodeModel>;
  /** Parameters every node and edge takes (access_token, fields, paging). */
  graphWide: Record<string, ParamSpec>;
  /** Return types named differently from the node that documents them (UnifiedMessage is a Message). */
  aliases: Map<string, string>;
}

interface RawNode {
  node?: string;
  read?: OperationSpec;
  delete?: OperationSpec;
  edges?: Record<string, Partial<Record<Method, OperationSpec>>>;
  fields?: Record<string, string>;
  readableEdges?: string[];
  returnedAs?: string[];
}

export interface RawSpec {
  source: SpecModel['source'];
  nodes: Record<string, RawNode>;
  documentedElsewhere: {
    graphWideParams: { params: Record<string, ParamSpec> };
    nodes: Record<string, RawNode>;
  };
}

export function buildModel(raw: RawSpec): SpecModel {
  const nodes = new Map<string, NodeModel>();
  const aliases = new Map<string, string>();
  const merge = (name: string, r: RawNode) => {
    const n: NodeModel = nodes.get(name) ?? {
      edges: new Map(),
      fields: null,
      readableEdges: new Set<string>(),
    };
    if (r.read) n.read = { params: { ...n.read?.params, ...r.read.params } };
    if (r.delete) n.delete = { params: { ...n.delete?.params, ...r.delete.params } };
    for (const [edge, ops] of Object.entries(r.edges ?? {})) {
      n.edges.set(edge, { ...n.edges.get(edge), ...ops });
      if (ops.GET && !edge.includes('/')) n.readableEdges.add(edge);
    }
    if (r.fields) n.fields = new Set([...(n.fields ?? []), ...Object.keys(r.fields)]);
    for (const e of r.readableEdges ?? []) n.readableEdges.add(e);
    for (const a of r.returnedAs ?? []) aliases.set(a, name);
    nodes.set(name, n);
  };
  for (const [name, r] of Object.entries(raw.nodes)) merge(name, r);
  for (const [label, r] of Object.entries(raw.documentedElsewhere.nodes)) merge(r.node ?? label, r);
  return {
    source: raw.source,
    nodes,
    graphWide: raw.documentedElsewhere.graphWideParams.params,
    aliases,
  };
}

let cached: SpecModel | undefined;

/** The committed extract, read once. */
export function metaSpec(): SpecModel {
  cached ??= buildModel(
    JSON.parse(readFileSync(new URL('./meta-spec.json', import.meta.url), 'utf8')) as RawSpec,
  );
  return cached;
}
