package org.dtp.rest;

import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.AdapterInfo;
import org.dtp.transfer.ContainerProgress;
import org.dtp.transfer.Direction;
import org.dtp.transfer.FidelityReport;
import org.dtp.transfer.FieldCount;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.ItemRecord;
import org.dtp.transfer.MappingEntry;
import org.dtp.transfer.MappingScope;
import org.dtp.transfer.ReportPage;
import org.dtp.transfer.Revocation;
import org.dtp.transfer.StateChange;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.SecretSettings;
import org.dtp.transfer.Selection;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.sync.Sync;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The JSON documents of API v1, apart from the engine's records so that the wire format changes only
 * on purpose. Every document that carries settings is built here, through {@link SecretSettings#mask}.
 * The OpenAPI document (openapi.json beside this class) describes the same shapes.
 */
public final class ApiModel {
    private ApiModel() {
    }

    /**
     * Request body of POST /api/v1/transfers. Fields are checked by the resource, not by Jackson. {@code selection}
     * (optional) is the part of the source to copy.
     */
    public record TransferBody(String vertical, Endpoint source, Endpoint destination, SelectionBody selection) {
    }

    /**
     * The part of the source a transfer copies or an estimate counts (see {@link Selection}): {@code from}
     * (inclusive) and {@code to} (exclusive) as {@code 2024-05-01}, {@code 2024-05-01T12:00:00Z} or with an offset;
     * {@code containers} to copy (none: all), {@code excludeContainers} not to copy, by name or path {@code "A/B"}.
     * Every field is optional; in responses the bounds are instants.
     */
    public record SelectionBody(String from, String to, List<String> containers, List<String> excludeContainers) {
        static SelectionBody of(Selection selection) {
            return new SelectionBody(selection.from() == null ? null : selection.from().toString(),
                    selection.to() == null ? null : selection.to().toString(), selection.containers(),
                    selection.excludeContainers());
        }

        /** The selection this body asks for; 400 saying what is wrong. A missing body selects everything. */
        static Selection toSelection(SelectionBody body) {
            if (body == null) {
                return Selection.ALL;
            }
            try {
                return new Selection(body.from() == null ? null : Selection.instant(body.from()),
                        body.to() == null ? null : Selection.instant(body.to()), body.containers(), body.excludeContainers());
            } catch (IllegalArgumentException e) {
                throw ApiProblem.invalidRequest("selection: " + e.getMessage() + ".");
            }
        }
    }

    /** One side of a transfer, in requests and (with secrets masked) in responses. */
    public record Endpoint(String provider, Map<String, String> settings) {
        static Endpoint of(TransferEndpoint endpoint) {
            return new Endpoint(endpoint.provider(), SecretSettings.mask(endpoint.settings()));
        }
    }

    /**
     * An installed adapter. {@code version} is its bundle's version, the one revocations name;
     * {@code revocation} is present only when that version is revoked.
     */
    public record Adapter(String provider, String name, String bundle, String version,
                          Map<Vertical, List<Direction>> verticals, boolean revoked, AdapterRevocation revocation,
                          Map<Vertical, Long> activeTransfers) {
        /** {@code revocation}: the revocation of this adapter's provider and bundle version, or null. */
        static Adapter of(AdapterInfo info, Revocation revocation) {
            Map<Vertical, List<Direction>> verticals = new LinkedHashMap<>();
            for (Vertical v : Vertical.values()) {
                var directions = info.capabilities().get(v);
                if (directions != null && !directions.isEmpty()) {
                    verticals.put(v, directions.stream().sorted().toList());
                }
            }
            return new Adapter(info.provider(), info.name(), info.bundleSymbolicName(), info.bundleVersion(), verticals,
                    revocation != null, revocation == null ? null : AdapterRevocation.of(revocation),
                    new java.util.TreeMap<>(info.activeTransfers()));
        }
    }

    /** Why and since when an installed adapter's version is revoked. */
    public record AdapterRevocation(String reason, Instant revokedAt) {
        static AdapterRevocation of(Revocation r) {
            return new AdapterRevocation(r.reason(), r.revokedAt());
        }
    }

    /** Optional request body of POST .../revoke: no body, an empty one or {@code {}} give the default reason. */
    public record RevokeBody(String reason) {
    }

    /** A revoked adapter version: an item of GET /api/v1/revocations, and the answer to a revoke. */
    public record RevocationInfo(String provider, String version, String reason, Instant revokedAt) {
        static RevocationInfo of(Revocation r) {
            return new RevocationInfo(r.provider(), r.bundleVersion(), r.reason(), r.revokedAt());
        }
    }

    /** The answer to an unrevoke: {@code revoked} is always false. */
    public record Unrevoked(String provider, String version, boolean revoked) {
        static Unrevoked of(String provider, String version) {
            return new Unrevoked(provider, version, false);
        }
    }

    public record VerticalInfo(Vertical name, String description) {
        static VerticalInfo of(Vertical vertical) {
            return new VerticalInfo(vertical, vertical.description());
        }
    }

    /** A transfer as returned by create, get, pause, resume and cancel. */
    public record Transfer(UUID id, Vertical vertical, Endpoint source, Endpoint destination, String state,
                           String reason, long items, long bytes, long errors, Instant created, Instant updated,
                           String exporterVersion, String importerVersion, String owner, Instant startsAt,
                           UUID sync) {
        static Transfer of(TransferJob job) {
            return new Transfer(job.id(), job.vertical(), Endpoint.of(job.source()), Endpoint.of(job.destination()),
                    job.state().name(), job.stateReason(), job.items(), job.bytes(), job.errors(),
                    job.createdAt(), job.updatedAt(), job.exporterVersion(), job.importerVersion(), job.owner(),
                    job.startsAt(), job.syncId());
        }
    }

    /**
     * Request body of POST /api/v1/syncs: a transfer request and its schedule, {@code every} (an interval: "6h",
     * "90m", or ISO 8601 "PT6H") or {@code cron} (a Quartz cron expression), not both. A {@code selection} is
     * refused: a sync copies all of its source (its runs keep no selection yet).
     */
    public record SyncBody(String vertical, Endpoint source, Endpoint destination, String every, String cron,
                           SelectionBody selection) {
        public SyncBody(String vertical, Endpoint source, Endpoint destination, String every, String cron) {
            this(vertical, source, destination, every, cron, null);
        }
    }

    /**
     * A sync: its request (secrets masked), schedule ({@code every} as ISO 8601, or {@code cron}), state, last run and
     * next; {@code note} says why the last time due started no run, if it did not.
     */
    public record SyncInfo(UUID id, Vertical vertical, Endpoint source, Endpoint destination, String every, String cron,
                           String state, Instant created, UUID lastRun, Instant lastRunAt, Instant nextRunAt,
                           String note, String owner) {
        static SyncInfo of(Sync sync) {
            return new SyncInfo(sync.id(), sync.vertical(), Endpoint.of(sync.source()), Endpoint.of(sync.destination()),
                    sync.schedule().every() == null ? null : sync.schedule().every().toString(), sync.schedule().cron(),
                    sync.state().name(), sync.createdAt(), sync.lastRunId(), sync.lastRunAt(), sync.nextRunAt(),
                    sync.note(), sync.owner());
        }
    }

    /** A sync with its recent runs, newest first (each a transfer: GET /api/v1/transfers/{id}). */
    public record SyncDetails(SyncInfo sync, List<TransferSummary> runs) {
    }

    /** A transfer in the list: no settings at all. */
    public record TransferSummary(UUID id, Vertical vertical, String sourceProvider, String destinationProvider,
                                  String state, String reason, long items, long bytes, long errors,
                                  Instant created, Instant updated, String owner, UUID sync) {
        static TransferSummary of(TransferJob job) {
            return new TransferSummary(job.id(), job.vertical(), job.source().provider(),
                    job.destination().provider(), job.state().name(), job.stateReason(), job.items(), job.bytes(),
                    job.errors(), job.createdAt(), job.updatedAt(), job.owner(), job.syncId());
        }
    }

    /** A transfer with its progress, and the part of the source it copies ({@code selection}). */
    public record Details(Transfer job, List<Container> containers, List<FailedItem> errors, List<Transition> history,
                          Fidelity fidelity, SelectionBody selection) {
        static Details of(TransferDetails details) {
            return new Details(Transfer.of(details.job()),
                    details.containers().stream().map(Container::of).toList(),
                    details.errors().stream().map(FailedItem::of).toList(),
                    details.history().stream().map(Transition::of).toList(),
                    Fidelity.of(details.fidelity()), SelectionBody.of(details.selection()));
        }
    }

    /**
     * The fidelity report: what the canonical model could not carry (source side) or the destination keep, the
     * first entries and the fields not kept most often; every entry is at GET /api/v1/transfers/{id}/fidelity.
     */
    public record Fidelity(long total, List<NotKept> entries, List<FieldTally> mostOften) {
        static Fidelity of(FidelityReport report) {
            return new Fidelity(report.total(), report.entries().stream().map(NotKept::of).toList(),
                    report.mostOften().stream().map(FieldTally::of).toList());
        }
    }

    /** How many items lost {@code field} (its indexes left out) on {@code side}. */
    public record FieldTally(String field, String side, long count) {
        static FieldTally of(FieldCount c) {
            return new FieldTally(c.field(), c.side().name(), c.count());
        }
    }

    /** A page of a transfer's item errors or fidelity entries: {@code total} in all, {@code entries} from {@code offset}. */
    public record Listing<T>(long total, int offset, int limit, List<T> entries) {
        static <S, T> Listing<T> of(ReportPage<S> page, java.util.function.Function<S, T> view) {
            return new Listing<>(page.total(), page.offset(), page.limit(), page.entries().stream().map(view).toList());
        }
    }

    /** One field of one source item not carried whole; {@code side} says where: SOURCE or DESTINATION. */
    public record NotKept(String containerId, String sourceId, String field, String reason, Instant at, String side) {
        static NotKept of(FieldNotKept f) {
            return new NotKept(f.containerId(), f.sourceId(), f.field(), f.reason(), f.at(), f.side().name());
        }
    }

    /**
     * Progress within one source container: items written (copied, or {@code updated} in place), items
     * {@code unchanged} since an earlier transfer between the same accounts copied them (not copied again), and
     * items {@code notSelected}: those the selection left out.
     */
    public record Container(String id, String name, long items, long bytes, long errors, long updated, long unchanged,
                            long notSelected) {
        static Container of(ContainerProgress p) {
            return new Container(p.containerId(), p.name(), p.items(), p.bytes(), p.errors(), p.updated(), p.unchanged(),
                    p.notSelected());
        }
    }

    /** What a transfer did with one source item (see {@link ItemRecord}). */
    public record HandledItem(String sourceKey, String sourceId, String destinationId, String fingerprint,
                              String mediaSha256, String outcome, Instant at) {
        static HandledItem of(ItemRecord r) {
            return new HandledItem(r.sourceKey(), r.sourceId(), r.destinationId(), r.fingerprint(), r.mediaSha256(),
                    r.outcome().name(), r.at());
        }
    }

    /** What an owner's transfers between two accounts remember (see {@link MappingScope}). */
    public record Mapping(String id, String owner, String vertical, String source, String destination, long entries,
                          Instant createdAt, Instant usedAt) {
        static Mapping of(MappingScope s) {
            return new Mapping(s.id(), s.owner(), s.vertical().name(), s.source(), s.destination(), s.entries(),
                    s.createdAt(), s.usedAt());
        }
    }

    /** One source item or container a mapping remembers (see {@link MappingEntry}). */
    public record MappedItem(String sourceKey, String destinationId, String fingerprint, String modelVersion,
                             Instant updatedAt, String transferId) {
        static MappedItem of(MappingEntry e) {
            return new MappedItem(e.sourceKey(), e.destinationId(), e.fingerprint(), e.modelVersion(), e.updatedAt(),
                    e.job().toString());
        }
    }

    /** An item that could not be copied. */
    public record FailedItem(String containerId, String itemId, String message, Instant at) {
        static FailedItem of(ItemError e) {
            return new FailedItem(e.containerId(), e.itemId(), e.message(), e.at());
        }
    }

    /** One change of state; {@code from} is absent for the first. */
    public record Transition(String from, String to, String reason, Instant at) {
        static Transition of(StateChange c) {
            return new Transition(c.from() == null ? null : c.from().name(), c.to().name(), c.reason(), c.at());
        }
    }

    /** Request body of POST /api/v1/estimates: the source of a transfer to be, and what it would select. */
    public record EstimateBody(String vertical, Endpoint source, SelectionBody selection) {
    }

    /**
     * What a transfer with {@code selection} would copy of a source, counted without copying: {@code containers} and
     * {@code items} it would copy, {@code bytes} of their media whose size the source tells, {@code mediaOfUnknownSize}
     * media it does not; when {@code complete} is false the counts are a lower bound and {@code incomplete} says why
     * (the time bound, a page that could not be read). {@code perContainer}: each of the first 1,000 containers found,
     * by the ids a transfer's progress uses, with the items and bytes found directly in it. {@code itemsNotSelected}:
     * items read that the selection leaves out (outside the date range, or in a container only looked into);
     * {@code containersLeftOut}: containers the selection leaves out, which are not read, so their items are not
     * counted anywhere.
     */
    public record Estimate(String vertical, String provider, long containers, long items, long bytes,
                           long mediaOfUnknownSize, long unreadable, boolean complete, String incomplete,
                           double seconds, List<EstimatedContainer> perContainer, SelectionBody selection,
                           long itemsNotSelected, long containersLeftOut) {
    }

    /**
     * What one source container holds (its own items, not its sub-containers'): {@code items} and {@code bytes} a
     * transfer would copy, {@code notSelected} items it would leave out; {@code selected} is {@code copied},
     * {@code looked into} (not copied, a container named beneath it is) or {@code left out} (not read: no counts).
     */
    public record EstimatedContainer(String id, String name, long items, long bytes, long notSelected, String selected) {
        static String selected(Selection.Scope scope) {
            return switch (scope) {
                case COPY -> "copied";
                case LOOK_INTO -> "looked into";
                case SKIP -> "left out";
            };
        }
    }
}
