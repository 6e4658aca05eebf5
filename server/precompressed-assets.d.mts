import type { RequestHandler } from "express";
export function precompressedAssets(dir: string): RequestHandler;
