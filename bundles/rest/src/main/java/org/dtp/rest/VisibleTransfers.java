package org.dtp.rest;

import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferService;

import java.util.UUID;

/** A transfer named in a path, when the caller may see it; else 404, as if it did not exist (as in {@link TransferResource}). */
final class VisibleTransfers {
    private VisibleTransfers() {
    }

    static TransferJob require(TransferService transfers, ApiCaller caller, String id) {
        UUID uuid;
        try {
            uuid = UUID.fromString(id);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw notFound(id);
        }
        return transfers.job(uuid).filter(caller::maySee).orElseThrow(() -> notFound(id));
    }

    static ApiProblem notFound(String id) {
        return ApiProblem.notFound("There is no transfer with id '" + id + "'.");
    }
}
