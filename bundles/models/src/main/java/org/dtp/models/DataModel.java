package org.dtp.models;

/**
 * A canonical model. Every model type declares its schema with {@link Schema}; {@link ModelJson}
 * writes the schema version into the JSON and refuses documents written by a newer major version.
 */
public interface DataModel {
}
