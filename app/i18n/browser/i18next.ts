// The browser's i18next: the few parts of it this site uses (one namespace, "." key paths, {{value}} interpolation,
// plurals through Intl.PluralRules, $t() nesting, defaultValue, resource bundles added by routes), so phones download about 12 KB
// less than the library. The server renders with the real i18next; vite.config.ts swaps this module in for the
// client build only, and i18next.test.ts checks both give the same text for every string of both catalogues.
type Tree = { [key: string]: string | Tree };
type Options = { [name: string]: unknown; count?: unknown };
type InitOptions = { lng: string; resources: Record<string, { translation: Tree }> };

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
const NESTED = /\$t\(([\w.]+)\)/g;

function lookup(tree: Tree | undefined, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node === "string") return undefined;
    node = node[part];
  }
  return node;
}

function merge(target: Tree, source: Tree) {
  for (const [k, v] of Object.entries(source)) {
    const existing = target[k];
    if (typeof v !== "string" && existing && typeof existing !== "string") merge(existing, v);
    else target[k] = v;
  }
}

export class BrowserI18n {
  language = "en";
  private store: Record<string, Tree> = {};
  // Made once with the language (init sets both), not once per translated count.
  private plurals = new Intl.PluralRules(this.language);

  use(_plugin: unknown) {
    return this;
  }

  init(options: InitOptions) {
    this.language = options.lng;
    this.plurals = new Intl.PluralRules(options.lng);
    for (const [lng, bundle] of Object.entries(options.resources)) this.store[lng] = structuredClone(bundle.translation);
    return Promise.resolve(this.t);
  }

  getResource(lng: string, _ns: string, key: string) {
    return lookup(this.store[lng], key);
  }

  addResourceBundle(lng: string, _ns: string, resources: Tree) {
    merge((this.store[lng] ??= {}), resources);
    return this;
  }

  exists(key: string) {
    return typeof lookup(this.store[this.language], key) === "string";
  }

  t = (key: string, options?: Options): string => {
    const tree = this.store[this.language];
    let text: string | Tree | undefined;
    if (typeof options?.count === "number") {
      text = lookup(tree, `${key}_${this.plurals.select(options.count)}`);
    }
    text ??= lookup(tree, key);
    if (typeof text !== "string") {
      if (typeof options?.defaultValue !== "string") return key;
      text = options.defaultValue;
    }
    // As i18next: values first (a missing one stays as written), then nested keys with the same values.
    const filled = text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = options?.[name];
      return value === undefined || value === null ? whole : String(value);
    });
    return filled.replace(NESTED, (_whole, nested: string) => this.t(nested, options));
  };
}

const i18next = new BrowserI18n();
export default i18next;
export const createInstance = () => new BrowserI18n();
