package org.dtp.adapters.localfs;

/** Adapter instances as tests build them: directly, without a framework. */
final class Adapters {
    private Adapters() {
    }

    static LocalFolderMediaExporter exporter() {
        return new LocalFolderMediaExporter(LocalFolderSettings.defaults());
    }

    static LocalFolderMediaImporter importer() {
        return new LocalFolderMediaImporter(LocalFolderSettings.defaults());
    }
}
