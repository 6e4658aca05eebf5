import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { Plugin } from "vite";
export function isValidHost(value: string): boolean;
export const hostGuard: RequestHandler;
export function optionsGuard(manifest: ServerBuild["routes"]): RequestHandler;
export function devRequestGuards(): Plugin;
