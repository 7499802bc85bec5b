package org.dtp.transfer;

import org.dtp.models.Vertical;

import java.time.Instant;

/**
 * What an owner's transfers from one source account to one destination account of one vertical remember: each
 * source item and container they copied, its destination id and content fingerprint, so that a later transfer
 * between the same accounts copies only what is new or changed. Since 1.9.
 *
 * @param id            the scope's name: a keyed hash of owner, accounts and vertical (it reveals none of them)
 * @param source        the source account as the engine named it: the provider and the account id its exporter
 *                      gave, or else the endpoint's settings that are not secret
 * @param destination   the destination account, named alike
 * @param entries       how many items and containers it maps
 * @param usedAt        when a transfer last used it; the operator's retention deletes scopes unused for long
 */
public record MappingScope(String id, String owner, Vertical vertical, String source, String destination, long entries,
                           Instant createdAt, Instant usedAt) {
}
