package org.dtp.core.store;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the engine did since it last wrote, written in one transaction by {@link JobStore#record}: per container,
 * the items imported and their bytes; fields not kept; items failed; the checkpoint after the last page it
 * finished; and the keys imported so far of the page it is in, for the page ledger. A run may span pages:
 * writing per run (bounded in time and reports by the engine) rather than per item or per page is what lets
 * small items go fast. A crash loses at most the run; the repeat from the saved checkpoint imports its items
 * again (importers are idempotent on the key), and the page ledger skips what earlier runs recorded of an
 * unfinished page.
 * <p>
 * The engine knows it as {@link JobStore.RunProgress}.
 */
abstract class ProgressBuffer {
    record NotKeptOf(String containerId, String key, List<JobStore.NotKept> fields) {
    }

    record Failed(String containerId, String key, String message) {
    }

    /**
     * Items and bytes imported into one container; of its items, those updated, those left unchanged, and those
     * the selection left out.
     */
    static final class Count {
        long items;
        long bytes;
        long updated;
        long unchanged;
        long notSelected;
    }

    private final Map<String, Count> counts = new LinkedHashMap<>();
    /** The count of the container last imported into: a page's items are all of one container. */
    private String lastContainerId;
    private Count lastCount;
    private final List<NotKeptOf> notKept = new ArrayList<>();
    private final List<Failed> failed = new ArrayList<>();
    private final List<String> pageKeys = new ArrayList<>();
    private final List<JobStore.Handled> handled = new ArrayList<>();
    private int items;
    private String checkpoint;

    /** An item of {@code containerId}'s page, imported under {@code key}. */
    public void imported(String containerId, String key, long itemBytes, List<JobStore.NotKept> fieldsNotKept) {
        Count count = countOf(containerId);
        count.items++;
        count.bytes += itemBytes;
        ended(containerId, key, fieldsNotKept);
    }

    /**
     * An item of {@code containerId}'s page handled against a mapping scope: copied or updated (its {@code itemBytes}
     * counted, its mapping written), or not copied again (unchanged, or skipped by the policy for changed items);
     * its item record written in every case.
     */
    public void handled(String containerId, JobStore.Handled item, long itemBytes, List<JobStore.NotKept> fieldsNotKept) {
        Count count = countOf(containerId);
        switch (item.outcome()) {
            case COPIED -> count.items++;
            case UPDATED -> {
                count.items++;
                count.updated++;
            }
            case UNCHANGED, SKIPPED -> count.unchanged++;
        }
        count.bytes += itemBytes;
        handled.add(item);
        ended(containerId, item.key(), fieldsNotKept);
    }

    private void ended(String containerId, String key, List<JobStore.NotKept> fieldsNotKept) {
        if (!fieldsNotKept.isEmpty()) {
            notKept.add(new NotKeptOf(containerId, key, List.copyOf(fieldsNotKept)));
        }
        pageKeys.add(key);
        items++;
    }

    /**
     * An item of {@code containerId}'s page that the transfer's selection leaves out: counted, and kept in the page
     * ledger like an imported one, so that a repeat of the page counts it once.
     */
    public void notSelected(String containerId, String key) {
        countOf(containerId).notSelected++;
        pageKeys.add(key);
        items++;
    }

    private Count countOf(String containerId) {
        if (lastCount == null || !lastContainerId.equals(containerId)) {
            lastCount = counts.computeIfAbsent(containerId, c -> new Count());
            lastContainerId = containerId;
        }
        return lastCount;
    }

    /** An item of {@code containerId}'s page that could not be copied. */
    public void failed(String containerId, String key, String message) {
        failed.add(new Failed(containerId, key, message));
        items++;
    }

    /** The page is done: a repeat starts at {@code json}, and its items leave the page ledger. */
    public void pageDone(String json) {
        checkpoint = json;
        pageKeys.clear();
    }

    /** Items recorded so far, failed and not selected ones included. */
    public int items() {
        return items;
    }

    /** Failures and items with fields not kept recorded so far: what the run holds in memory beyond counts. */
    public int reports() {
        return failed.size() + notKept.size();
    }

    /** Whether there is nothing to write. */
    public boolean isEmpty() {
        return items == 0 && checkpoint == null;
    }

    Map<String, Count> counts() {
        return counts;
    }

    List<NotKeptOf> notKept() {
        return notKept;
    }

    List<Failed> failed() {
        return failed;
    }

    List<String> pageKeys() {
        return pageKeys;
    }

    /** The items handled against a mapping scope, in the order they ended. */
    List<JobStore.Handled> handled() {
        return handled;
    }

    /** The checkpoint after the last page done; null when no page was done in this run. */
    String checkpoint() {
        return checkpoint;
    }
}
