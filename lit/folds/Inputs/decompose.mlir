module @transforms attributes {transform.with_named_sequence} {
  transform.named_sequence @decompose(%module: !transform.any_op {transform.readonly}) {
    %packs = transform.structured.match ops{["linalg.pack", "linalg.unpack"]} in %module : (!transform.any_op) -> !transform.any_op
    %f = transform.get_parent_op %packs {isolated_from_above, deduplicate} : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.linalg.decompose_pack_unpack
    } : !transform.any_op
    transform.yield
  }
}
