# `cmake --install build [--prefix P]` and `cpack -G DEB` (docs/install.md): the two programs, their
# data under share/arbiter, man pages and bash completion generated from the programs' own --help,
# so the installed text cannot drift from what the programs print.
include(GNUInstallDirs)

option(ARBITER_INSTALL_DROPIN_LINKS
       "Also install cutechess-cli and fastchess as links to arbiter (they shadow the real tools)" OFF)

set(ARBITER_DATA_DIR ${CMAKE_INSTALL_DATADIR}/arbiter)
# The subcommands whose --help becomes a section of the man page and a completion list.
set(ARBITER_SUBCOMMANDS match epd ttd stats ratings merge import export-positions ladder spsa report build
    baseline compliance bisect serve)

# Data under share/arbiter, laid out as in the checkout so that a ladder file's relative paths
# ("../../openings/8moves_v3.pgn" from ci/ladders/) hold installed too. The build tree gets the same
# layout as links (build/share/arbiter), so build/bin/arbiter finds its data exactly as an installed
# one does: harness/config/data_files.h looks beside the executable first.
set(arbiter_data_entries
    "openings|openings"
    "ci/ladders|ci/ladders"
    "tests/data/wac.epd|suites/wac.epd"
    "tests/data/wac_2018_201.epd|suites/wac_2018_201.epd"
    "tests/data/bench.epd|suites/bench.epd"
    "harness/catalogue/reference-engines.json|catalogue/reference-engines.json")
set(build_data_dir ${CMAKE_BINARY_DIR}/${ARBITER_DATA_DIR})
foreach(entry ${arbiter_data_entries})
  string(REPLACE "|" ";" entry "${entry}")
  list(GET entry 0 source)
  list(GET entry 1 target)
  get_filename_component(target_parent ${build_data_dir}/${target} DIRECTORY)
  file(MAKE_DIRECTORY ${target_parent})
  file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${source} ${build_data_dir}/${target} SYMBOLIC)
  get_filename_component(install_parent ${ARBITER_DATA_DIR}/${target} DIRECTORY)
  if(IS_DIRECTORY ${PROJECT_SOURCE_DIR}/${source})
    install(DIRECTORY ${PROJECT_SOURCE_DIR}/${source}/ DESTINATION ${ARBITER_DATA_DIR}/${target})
  else()
    get_filename_component(target_name ${target} NAME)
    install(FILES ${PROJECT_SOURCE_DIR}/${source} DESTINATION ${install_parent} RENAME ${target_name})
  endif()
endforeach()
install(FILES ${PROJECT_SOURCE_DIR}/tests/data/SOURCES.md DESTINATION ${ARBITER_DATA_DIR}/suites)

install(TARGETS arbiter tempo RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(ARBITER_INSTALL_DROPIN_LINKS)
  foreach(tool_name cutechess-cli fastchess)
    install(CODE "file(CREATE_LINK arbiter \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/${tool_name}\" SYMBOLIC)")
  endforeach()
endif()

# Man pages and completion, generated from the built programs after each build of them.
set(generated_dir ${CMAKE_BINARY_DIR}/generated)
set(man_arbiter ${generated_dir}/man/arbiter.1)
set(man_tempo ${generated_dir}/man/tempo.1)
set(completion_arbiter ${generated_dir}/completion/arbiter)
set(completion_tempo ${generated_dir}/completion/tempo)
add_custom_command(OUTPUT ${man_arbiter} ${completion_arbiter}
  COMMAND ${CMAKE_COMMAND} -D PROGRAM=$<TARGET_FILE:arbiter> -D NAME=arbiter
          -D "SUMMARY=chess engine match runner, EPD scorer and results database"
          -D "SUBCOMMANDS=${ARBITER_SUBCOMMANDS}" -D VERSION=${PROJECT_VERSION} -D OUT=${man_arbiter}
          -P ${PROJECT_SOURCE_DIR}/cmake/ManPage.cmake
  COMMAND ${CMAKE_COMMAND} -D PROGRAM=$<TARGET_FILE:arbiter> -D NAME=arbiter
          -D "SUBCOMMANDS=${ARBITER_SUBCOMMANDS}" -D OUT=${completion_arbiter}
          -P ${PROJECT_SOURCE_DIR}/cmake/BashCompletion.cmake
  DEPENDS arbiter ${PROJECT_SOURCE_DIR}/cmake/ManPage.cmake ${PROJECT_SOURCE_DIR}/cmake/BashCompletion.cmake
  COMMENT "man page and bash completion of arbiter from its --help" VERBATIM)
add_custom_command(OUTPUT ${man_tempo} ${completion_tempo}
  COMMAND ${CMAKE_COMMAND} -D PROGRAM=$<TARGET_FILE:tempo> -D NAME=tempo
          -D "SUMMARY=UCI chess engine whose every feature is a switch" -D VERSION=${PROJECT_VERSION}
          -D OUT=${man_tempo} -P ${PROJECT_SOURCE_DIR}/cmake/ManPage.cmake
  COMMAND ${CMAKE_COMMAND} -D PROGRAM=$<TARGET_FILE:tempo> -D NAME=tempo
          -D "SUBCOMMANDS=bench;perft;features;epd;tune" -D OUT=${completion_tempo}
          -P ${PROJECT_SOURCE_DIR}/cmake/BashCompletion.cmake
  DEPENDS tempo ${PROJECT_SOURCE_DIR}/cmake/ManPage.cmake ${PROJECT_SOURCE_DIR}/cmake/BashCompletion.cmake
  COMMENT "man page and bash completion of tempo from its --help" VERBATIM)
add_custom_target(arbiter_manpages ALL DEPENDS ${man_arbiter} ${man_tempo} ${completion_arbiter} ${completion_tempo})

install(FILES ${man_arbiter} ${man_tempo} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${completion_arbiter} ${completion_tempo} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

# cpack -G DEB: arbiter_<version>_<arch>.deb. Depends come from the binaries' shared libraries
# (dpkg-shlibdeps), the reference engines are suggested: the catalogue's conf= names need them.
set(CPACK_PACKAGE_NAME arbiter)
set(CPACK_PACKAGE_VENDOR "tempo & arbiter")
set(CPACK_PACKAGE_CONTACT "tempo & arbiter maintainers <maintainers@users.noreply.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "chess engine match runner (cutechess-cli/fastchess compatible) and the tempo engine")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "stockfish, toga2, glaurung, gnuchess, phalanx, hoichess, fathom")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "arbiter plays chess engines against each other under UCI or xboard (cutechess-cli and fastchess\n command lines run unchanged), adjudicates, scores EPD suites, computes Elo, LOS and SPRT, and\n stores every game in SQLite. tempo is a UCI engine whose features are switches.")
include(CPack)
